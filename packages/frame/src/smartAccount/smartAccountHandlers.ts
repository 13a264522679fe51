import { toHex, type Hex, type PrivateKeyAccount } from 'viem';
import type { FrameHandlers } from '../host/frameHost.ts';
import { FRAME_RPC_ERRORS } from '../protocol/events.ts';
import type { FrameConfig } from '../page/frameConfig.ts';
import type { FrameAccounts } from './frameAccounts.ts';
import { PERMISSIONS_CAPABILITY } from './permissionsRequest.ts';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const CALLS_ID = /^0x[0-9a-fA-F]{64}$/;
const CHAIN_ID_HEX = /^0x[0-9a-fA-F]{1,16}$/;

export const WalletCallsText = {
  malformedCapabilities: 'wallet_getCapabilities: params are [address, [chainId, ...]?]',
  malformedStatus: 'wallet_getCallsStatus: params are [id], the id wallet_sendCalls answered',
} as const;

/**
 * The smart account's requests (SPEC §4, §7): SET_PREFERRED_ACCOUNT, GET_SMART_ACCOUNT_ENABLED_NETWORKS,
 * and the wallet's own answers to reads the node cannot give: its accounts (eth_accounts) and
 * EIP-5792's wallet_getCapabilities (with ERC-7715's permissions where the smart account acts; the
 * widget hides them from a site that leaves `features.smartSessions` off) and wallet_getCallsStatus.
 */
export function smartAccountHandlers(config: FrameConfig, accounts: FrameAccounts, owner: () => PrivateKeyAccount | undefined, chainId: () => number) {
  const signedIn = () => {
    const key = owner();
    if (!key) throw new Error(FRAME_RPC_ERRORS.notSignedIn);
    return key;
  };

  const capabilities = async (params: unknown) => {
    const [address, chainIds] = Array.isArray(params) ? params : [];
    if (typeof address !== 'string' || !ADDRESS.test(address)) throw new Error(WalletCallsText.malformedCapabilities);
    if (chainIds !== undefined && (!Array.isArray(chainIds) || chainIds.length > 64 || chainIds.some((id) => typeof id !== 'string' || !CHAIN_ID_HEX.test(id)))) throw new Error(WalletCallsText.malformedCapabilities);
    const asked = chainIds === undefined ? undefined : new Set((chainIds as string[]).map((id) => Number(BigInt(id))));
    const key = signedIn();
    const answer: Record<Hex, unknown> = {};
    for (const network of config.networks) {
      if (asked && !asked.has(network.chainId)) continue;
      const user = await accounts.user(key, network.chainId);
      const isSmart = user.accounts.some((account) => account.type === 'smartAccount' && account.address.toLowerCase() === address.toLowerCase());
      answer[toHex(network.chainId)] = isSmart
        ? { atomic: { status: 'supported' }, paymasterService: { supported: network.smartAccount?.paymasterUrl !== undefined }, permissions: PERMISSIONS_CAPABILITY }
        : { atomic: { status: 'unsupported' } };
    }
    return answer;
  };

  const callsStatus = async (params: unknown) => {
    const [id] = Array.isArray(params) ? params : [];
    if (typeof id !== 'string' || !CALLS_ID.test(id)) throw new Error(WalletCallsText.malformedStatus);
    const account = await accounts.active(signedIn(), chainId());
    if (account.type !== 'smartAccount') throw new Error(WalletCallsText.malformedStatus);
    return account.sender.callsStatus(id as Hex);
  };

  /** The wallet's answer to a read, or undefined when the node answers it. */
  const answerRead = async (method: string, params: unknown): Promise<{ result: unknown } | undefined> => {
    switch (method) {
      case 'eth_accounts': {
        const key = owner();
        return { result: key ? [(await accounts.active(key, chainId())).address] : [] };
      }
      case 'wallet_getCapabilities':
        return { result: await capabilities(params) };
      case 'wallet_getCallsStatus':
        return { result: await callsStatus(params) };
      default:
        return undefined;
    }
  };

  const handlers: FrameHandlers = {
    GET_SMART_ACCOUNT_ENABLED_NETWORKS: () => ({ smartAccountEnabledNetworks: accounts.enabledNetworks() }),
    SET_PREFERRED_ACCOUNT: ({ type }) => accounts.setPreferred(signedIn(), chainId(), type),
  };
  return { handlers, answerRead };
}
