import { BaseError, HttpRequestError, TimeoutError, type Abi, type Address, type ContractFunctionParameters } from 'viem';
import type { ChainContext } from './chainContext.ts';
import { ChainUnavailableError } from './chainUnavailableError.ts';

export type ContractRead = ContractFunctionParameters<Abi, 'view' | 'pure', string>;
/** SPEC §9: a multicall's calldata stays within 1024 bytes; more reads go out as further calls (in one JSON-RPC batch). */
export const MULTICALL_BATCH_BYTES = 1024;
export type ReadResult<T = unknown> = { ok: true; value: T } | { ok: false };

/**
 * Several view calls in one eth_call through the chain's Multicall3 (its address is per-chain
 * config: the devnet's is not the canonical one). Each read fails on its own. Without a multicall
 * address, the reads go out as one JSON-RPC batch of eth_calls.
 */
export async function readContracts(chain: ChainContext, reads: readonly ContractRead[]): Promise<ReadResult[]> {
  if (reads.length === 0) return [];
  const multicallAddress = chain.config.multicallAddress;
  if (multicallAddress) {
    const results = await chain.client.multicall({ contracts: reads as ContractRead[], multicallAddress, allowFailure: true, batchSize: MULTICALL_BATCH_BYTES });
    // allowFailure also swallows a node that is down: that is the chain's failure, not the reads'.
    const down = results.find((result) => result.status === 'failure' && isTransportError(result.error));
    if (down) throw new ChainUnavailableError(chain.config.rpcUrl, down.error);
    return results.map((result) => (result.status === 'success' ? { ok: true, value: result.result } : { ok: false }));
  }
  return Promise.all(
    reads.map((read) =>
      chain.client.readContract(read as never).then(
        (value): ReadResult => ({ ok: true, value }),
        (error: unknown): ReadResult => {
          if (isTransportError(error)) throw new ChainUnavailableError(chain.config.rpcUrl, error);
          return { ok: false };
        },
      ),
    ),
  );
}

export const multicall3Abi = [
  { type: 'function', name: 'getEthBalance', stateMutability: 'view', inputs: [{ name: 'addr', type: 'address' }], outputs: [{ name: 'balance', type: 'uint256' }] },
] as const;

/** Native balance through Multicall3's getEthBalance, so it rides in the same eth_call as the tokens. */
export function nativeBalanceRead(chain: ChainContext, account: Address): ContractRead | undefined {
  const multicallAddress = chain.config.multicallAddress;
  return multicallAddress ? ({ address: multicallAddress, abi: multicall3Abi, functionName: 'getEthBalance', args: [account] } as ContractRead) : undefined;
}

export function isTransportError(error: unknown): boolean {
  return error instanceof BaseError && error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError) !== null;
}
