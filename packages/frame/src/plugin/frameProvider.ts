import type { RemoteProvider, RemoteProviderEvent } from '@cairn/core';
import { USER_REJECTED_CODE } from '@cairn/core';
import type { FrameClient } from '../client/frameClient.ts';
import { FRAME_RPC_ERRORS, type FrameUser } from '../protocol/events.ts';

/** EIP-1193's texts the frame answers with, and the codes the widget reads. */
export const USER_REJECTED_TEXT = 'User rejected the request.';
const UNRECOGNIZED_CHAIN = 4902;
/** JSON-RPC's code for a call that reverted, as nodes answer it (viem reads it as ExecutionRevertedError). */
const EXECUTION_REVERTED = 3;

class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: number,
  ) {
    super(message);
  }
}

function providerError(error: unknown): Error {
  const message = error instanceof Error ? error.message : String(error);
  if (message === USER_REJECTED_TEXT) return new ProviderError(message, USER_REJECTED_CODE);
  if (message === FRAME_RPC_ERRORS.executionReverted || message.startsWith(`${FRAME_RPC_ERRORS.executionReverted}: `)) return new ProviderError(message, EXECUTION_REVERTED);
  return error instanceof Error ? error : new Error(message);
}

const toHex = (value: number) => `0x${value.toString(16)}`;

/**
 * The frame's wallet as an EIP-1193 provider for the EVM adapter: the account and network come
 * from the frame's login, everything else is an RPC_REQUEST that the frame answers (reads) or asks
 * the user to approve on its own screen (signing).
 */
export function createFrameProvider(client: FrameClient, user: () => FrameUser | undefined, loadUser: () => Promise<FrameUser>): RemoteProvider & { emit(event: RemoteProviderEvent, ...args: unknown[]): void } {
  const listeners = new Map<RemoteProviderEvent, Set<(...args: never[]) => void>>();
  const emit = (event: RemoteProviderEvent, ...args: unknown[]) => {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (...values: unknown[]) => void)(...args);
  };
  const accounts = async (ask: boolean) => {
    try {
      const current = user() ?? (await loadUser());
      return [current.address];
    } catch (error) {
      if (ask) throw providerError(error);
      return [];
    }
  };
  return {
    async request({ method, params }) {
      switch (method) {
        case 'eth_requestAccounts':
          return accounts(true);
        case 'eth_accounts':
          return accounts(false);
        // The frame's Solana account (the same key), for the Solana adapter: remote wallets answer [{ pubkey }].
        case 'solana_requestAccounts':
        case 'solana_getAccounts': {
          const current = user() ?? (await loadUser().catch((error: unknown) => {
            throw providerError(error);
          }));
          return current.accounts.filter((account) => account.namespace === 'solana').map((account) => ({ pubkey: account.address }));
        }
        case 'eth_chainId':
          return toHex((await client.request('GET_CHAIN_ID', {})).chainId);
        case 'wallet_switchEthereumChain': {
          const [target] = Array.isArray(params) ? (params as { chainId?: unknown }[]) : [];
          const chainId = typeof target?.chainId === 'string' && /^0x[0-9a-fA-F]{1,15}$/.test(target.chainId) ? Number(BigInt(target.chainId)) : undefined;
          if (chainId === undefined) throw new ProviderError('wallet_switchEthereumChain needs a chainId', -32602);
          try {
            await client.request('SWITCH_NETWORK', { chainId });
          } catch (error) {
            throw new ProviderError(error instanceof Error ? error.message : 'Network not found', UNRECOGNIZED_CHAIN);
          }
          emit('chainChanged', toHex(chainId));
          return null;
        }
        case 'wallet_addEthereumChain':
          // The frame signs only on the networks it is configured with, never one the site passes.
          throw new ProviderError('The secure frame does not add networks', 4200);
        default:
          try {
            const { result } = await client.request('RPC_REQUEST', { method, ...(params === undefined ? {} : { params: params as never }) });
            return result;
          } catch (error) {
            throw providerError(error);
          }
      }
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener);
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener);
    },
    emit,
  };
}
