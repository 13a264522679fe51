import { ErrorText } from '@cairn/core';
import { JSON_RPC_TIMEOUT_MS, jsonRpcRequest } from '@cairn/core/internal';
import type { FrameHandlers } from '../host/frameHost.ts';
import type { FrameLogin } from '../login/frameLogin.ts';
import type { FrameConfig } from './frameConfig.ts';
import { loginHandlers } from './loginHandlers.ts';

export interface FramePageState {
  chainId: number;
  themeMode: 'light' | 'dark';
  dapp?: { projectId?: string; sdkType: string; sdkVersion: string; metadata?: { name: string; url: string } };
}

/** A request to sign before any login. */
export const NOT_SIGNED_IN = 'Log in with your e-mail or a social account first';
/** Signing needs the frame's approval screen (issue 14), which is not built yet. */
export const APPROVAL_NOT_BUILT = 'Signing in the frame needs its approval screen, which is not built yet';

/**
 * What the frame answers. Log-in requests go to the frame's login; reads go to the frame's own RPC
 * URL for the chain, never one the site passes.
 */
export function frameHandlers(config: FrameConfig, state: FramePageState, effects: { applyTheme(mode: 'light' | 'dark'): void; reload(): void }, login?: FrameLogin): FrameHandlers {
  const rpcUrlOf = (chainId: number) => config.networks.find((network) => network.chainId === chainId)?.rpcUrl;
  return {
    ...(login ? loginHandlers(login, () => state.chainId) : {}),
    GET_CHAIN_ID: () => ({ chainId: state.chainId }),
    SWITCH_NETWORK: ({ chainId }) => {
      if (!rpcUrlOf(chainId)) throw new Error(ErrorText.networkNotFound);
      state.chainId = chainId;
      return { chainId };
    },
    ...(login ? {} : { IS_CONNECTED: () => ({ isConnected: false }) }),
    SYNC_THEME: ({ themeMode }) => {
      state.themeMode = themeMode;
      effects.applyTheme(themeMode);
      return {};
    },
    SYNC_DAPP_DATA: (dapp) => {
      state.dapp = dapp;
      return {};
    },
    RELOAD: () => {
      setTimeout(effects.reload, 0);
      return {};
    },
    RPC_REQUEST: async ({ method, params, chainId, permission }) => {
      if (permission !== 'read') throw new Error(login?.account ? APPROVAL_NOT_BUILT : NOT_SIGNED_IN);
      const rpcUrl = rpcUrlOf(chainId ?? state.chainId);
      if (!rpcUrl) throw new Error(ErrorText.networkNotFound);
      const result = await jsonRpcRequest(rpcUrl, method, params === undefined ? [] : (params as unknown[]), { timeoutMs: JSON_RPC_TIMEOUT_MS });
      return { result: result ?? null };
    },
  };
}
