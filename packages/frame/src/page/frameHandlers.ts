import { toHex } from 'viem';
import { ErrorText } from '@cairn/core';
import type { SupportedLocale } from '@cairn/core/rules';
import { JSON_RPC_TIMEOUT_MS, jsonRpcRequest } from '@cairn/core/internal';
import type { FrameHandlers } from '../host/frameHost.ts';
import type { FrameLogin } from '../login/frameLogin.ts';
import { approvalRpc, NOT_SIGNED_IN, type ApprovalNetwork, type ApprovalPrompts } from './approvalRpc.ts';
import type { FrameConfig } from './frameConfig.ts';
import { loginHandlers } from './loginHandlers.ts';
import { solanaApprovalRpc } from './solanaApprovalRpc.ts';
import { isSolanaMethod } from '../signing/solanaApproval.ts';
import type { FrameAccounts } from '../smartAccount/frameAccounts.ts';
import { smartAccountHandlers } from '../smartAccount/smartAccountHandlers.ts';

export { NOT_SIGNED_IN };

export interface FramePageState {
  chainId: number;
  themeMode: 'light' | 'dark';
  dapp?: { projectId?: string; sdkType: string; sdkVersion: string; metadata?: { name: string; url: string } };
}

/** The logged-in wallet (the frame's login) and the frame's own screen where the user approves what it signs. */
export interface FrameWallet {
  login: FrameLogin;
  approvals: ApprovalPrompts;
  /** The key's accounts: its smart account where a network enables one (absent: the key alone). */
  accounts?: FrameAccounts;
}

/** What the page does for the site's settings: the theme, a reload, the language of its screens. */
export interface FrameEffects {
  applyTheme(mode: 'light' | 'dark'): void;
  reload(): void;
  useLocale?(locale: SupportedLocale): Promise<void>;
}

/**
 * What the frame answers. Log-in requests go to the frame's login; reads go to the frame's own RPC
 * URL for the chain, never one the site passes; the wallet's own facts (its account, the active
 * chain) are answered here, since the node would answer with its own accounts; signing waits for
 * the user on the frame's approval screen.
 */
export function frameHandlers(config: FrameConfig, state: FramePageState, effects: FrameEffects, wallet?: FrameWallet): FrameHandlers {
  const networkOf = (chainId: number): ApprovalNetwork => {
    const network = config.networks.find((candidate) => candidate.chainId === chainId);
    if (!network) throw new Error(ErrorText.networkNotFound);
    return { chainId, rpcUrl: network.rpcUrl, ...(network.name ? { name: network.name } : {}), nativeCurrency: network.nativeCurrency ?? { symbol: 'ETH', decimals: 18 } };
  };
  const accounts = wallet?.accounts;
  const approve = wallet ? approvalRpc({ signer: () => wallet.login.account, live: () => wallet.login.checkLive(), prompts: wallet.approvals, ...(accounts ? { active: accounts.active } : {}) }) : undefined;
  const login = wallet?.login;
  const approveSolana = wallet ? solanaApprovalRpc({ account: () => wallet.login.solanaAccount, live: () => wallet.login.checkLive(), prompts: wallet.approvals, cluster: config.solana }) : undefined;
  const smart = login && accounts ? smartAccountHandlers(config, accounts, () => login.account, () => state.chainId) : undefined;
  return {
    ...(login ? loginHandlers(login, () => state.chainId, accounts) : {}),
    ...smart?.handlers,
    GET_CHAIN_ID: () => ({ chainId: state.chainId }),
    SWITCH_NETWORK: ({ chainId }) => {
      networkOf(chainId);
      state.chainId = chainId;
      return { chainId };
    },
    ...(login ? {} : { IS_CONNECTED: () => ({ isConnected: false }) }),
    SYNC_THEME: ({ themeMode }) => {
      state.themeMode = themeMode;
      effects.applyTheme(themeMode);
      return {};
    },
    // The frame's screens speak the widget's language from here on (answered once its texts are in).
    SYNC_DAPP_DATA: async ({ locale, ...dapp }) => {
      state.dapp = dapp;
      if (locale) await effects.useLocale?.(locale);
      return {};
    },
    RELOAD: () => {
      setTimeout(effects.reload, 0);
      return {};
    },
    RPC_REQUEST: async ({ method, params, chainId, permission }, { origin }) => {
      // The frame's Solana account signs on its Solana cluster (issue 27).
      if (permission === 'approve' && isSolanaMethod(method)) {
        if (!approveSolana) throw new Error(NOT_SIGNED_IN);
        return approveSolana({ method, params, origin });
      }
      const network = networkOf(chainId ?? state.chainId);
      if (permission === 'approve') {
        if (!approve) throw new Error(NOT_SIGNED_IN);
        return approve({ method, params, network, origin });
      }
      // The wallet's account, never the node's: a devnet node answers with its own unlocked accounts.
      const answered = await smart?.answerRead(method, params);
      if (answered) return answered;
      if (method === 'eth_accounts') return { result: login?.account ? [login.account.address] : [] };
      if (method === 'eth_chainId') return { result: toHex(network.chainId) };
      const result = await jsonRpcRequest(network.rpcUrl, method, params === undefined ? [] : (params as unknown[]), { timeoutMs: JSON_RPC_TIMEOUT_MS });
      return { result: result ?? null };
    },
  };
}
