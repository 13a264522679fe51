import { decodeFunctionResult, encodeFunctionData, hexToString, parseAbi, type Hex } from 'viem';
import type { JsonRpcClient } from '../chain/jsonRpc.ts';

export type TokenMetadata = { name: string | null; symbol: string | null; decimals: number | null };

const erc20Abi = parseAbi(['function name() view returns (string)', 'function symbol() view returns (string)', 'function decimals() view returns (uint8)']);
// Some early tokens (MKR, SAI) return bytes32 from name() and symbol().
const bytes32Abi = parseAbi(['function name() view returns (bytes32)', 'function symbol() view returns (bytes32)']);

function decodeText(functionName: 'name' | 'symbol', data: Hex | undefined): string | null {
  if (!data || data === '0x') return null;
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName, data });
  } catch {
    try {
      const raw = decodeFunctionResult({ abi: bytes32Abi, functionName, data });
      const text = hexToString(raw).replace(/\0+$/, '');
      return text === '' ? null : text;
    } catch {
      return null;
    }
  }
}

function decodeDecimals(data: Hex | undefined): number | null {
  if (!data || data === '0x') return null;
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: 'decimals', data });
  } catch {
    return null;
  }
}

/**
 * name(), symbol() and decimals() of each contract in one JSON-RPC batch. A call that reverts or
 * answers nonsense gives null for that field, never an error: tokens in the wild are not all
 * well-behaved. decimals is read for ERC-20s only.
 */
export async function readTokenMetadata(
  rpc: JsonRpcClient,
  tokens: readonly { address: string; standard: 'erc20' | 'erc721' }[],
): Promise<TokenMetadata[]> {
  const call = (to: string, functionName: 'name' | 'symbol' | 'decimals') => ({
    method: 'eth_call',
    params: [{ to, data: encodeFunctionData({ abi: erc20Abi, functionName }) }, 'latest'],
  });
  const calls = tokens.flatMap(({ address, standard }) =>
    standard === 'erc20' ? [call(address, 'name'), call(address, 'symbol'), call(address, 'decimals')] : [call(address, 'name'), call(address, 'symbol')],
  );
  // Settled: one reverting token must not hide the others.
  const results = (await rpc.batchSettled(calls)).map((result) => (typeof result === 'string' ? (result as Hex) : undefined));
  let cursor = 0;
  return tokens.map(({ standard }) => {
    const name = decodeText('name', results[cursor++]);
    const symbol = decodeText('symbol', results[cursor++]);
    const decimals = standard === 'erc20' ? decodeDecimals(results[cursor++]) : null;
    return { name, symbol, decimals };
  });
}
