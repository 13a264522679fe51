import type { TokenBalance } from '@cairn/core';
import { isSolanaAddress } from '@cairn/solana';
import { readCache, valueCache } from '../cache/sharedTtlCache.ts';
import { ApiError, ERROR_TEXTS } from '../http/errors.ts';
import type { ServerServices } from '../services.ts';
import { getSolanaBalances } from '../solana/getSolanaBalances.ts';

/** The balance route takes an EVM or a Solana address (SPEC §9: balance-supported chains eip155 and solana). */
export const balanceAddressSchema = {
  type: 'string',
  pattern: '^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$',
  description: 'a 0x-prefixed 20-byte hex address or a base58 Solana address',
} as const;

export const balanceChainIdSchema = {
  type: 'string',
  pattern: '^eip155:[1-9][0-9]{0,15}$|^solana:[-_a-zA-Z0-9]{1,32}$',
  description: 'a CAIP-2 chain id such as eip155:31337 or solana:localnet',
} as const;

const BALANCE_TTL_MS = 30_000; // SPEC §9, as for eip155

export type SolanaBalanceReader = (address: string, chainId: string | undefined, force: boolean) => Promise<TokenBalance[]> | undefined;

/**
 * The Solana answer of the balance route, or undefined (at once, no promise: the cached eip155
 * answer is the server's fast path) when the request is an eip155 one. A Solana address with an
 * eip155 chain (or the reverse) is a 400, as is an unknown cluster.
 */
export function solanaBalanceReader(services: ServerServices): SolanaBalanceReader {
  const balances = readCache<TokenBalance[]>(services.cacheBus, 'solana-balance', BALANCE_TTL_MS);
  const forcedAt = valueCache<number>(services.cacheBus, 'solana-balance-forced', services.config.forcedRefreshMs);
  return (address, chainId, force) => {
    const solanaChain = chainId?.startsWith('solana:') === true;
    const solanaAddress = !address.startsWith('0x');
    if (!solanaChain && !solanaAddress) return undefined;
    return readSolana(address, chainId, force, solanaChain, solanaAddress);
  };

  async function readSolana(address: string, chainId: string | undefined, force: boolean, solanaChain: boolean, solanaAddress: boolean): Promise<TokenBalance[]> {
    if (solanaChain && !solanaAddress) throw new ApiError(400, `address must be a base58 Solana address for ${chainId}`, 'address');
    if (chainId !== undefined && !solanaChain) throw new ApiError(400, `address ${address} is a Solana address; ${chainId} is not a Solana chain`, 'address');
    // The pattern allows 32 to 44 base58 characters; only those that decode to 32 bytes are addresses.
    if (!isSolanaAddress(address)) throw new ApiError(400, 'address must be a base58 Solana address (32 bytes)', 'address');
    const chains = chainId === undefined ? [...services.solanaChains.values()] : [services.solanaChains.get(chainId)];
    if (chains.some((chain) => chain === undefined)) throw new ApiError(400, ERROR_TEXTS.chainNotConfigured('chainId', chainId!), 'chainId');

    const perChain = await Promise.all(
      chains.map((chain) => {
        const key = `${chain!.caip2}:${address}`;
        // A forced refresh reads the node again, at most once per FORCED_REFRESH_MS per account and cluster.
        const forced = force && forcedAt.get(key) === undefined;
        let read = forced ? undefined : balances.get(key);
        if (!read) {
          if (forced) forcedAt.set(key, Date.now());
          read = getSolanaBalances(chain!, address);
          balances.set(key, read);
          read.catch(() => balances.delete(key)); // a failure is not cached
        }
        return read;
      }),
    );
    return perChain.flat();
  }
}
