import type { TokenBalance } from '@cairn/core';
import { formatUnits } from 'viem';
import type { SolanaChainContext } from './solanaChains.ts';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const SOL_DECIMALS = 9;

/** An account may hold many token accounts; the answer lists at most this many tokens (largest first). */
export const MAX_SOLANA_TOKENS = 100;

type ParsedTokenAccount = {
  account: { data: { parsed?: { info?: { mint?: unknown; tokenAmount?: { amount?: unknown; decimals?: unknown } } } } };
};

/**
 * SOL and the SPL tokens an address holds on one cluster, read live from its RPC: the native
 * balance, then one entry per mint (token accounts of one mint added up), zero balances left out.
 * No prices: the server has no Solana price source, so value and price are 0.
 */
export async function getSolanaBalances(chain: SolanaChainContext, owner: string): Promise<TokenBalance[]> {
  const [native, tokenAccounts] = await Promise.all([
    chain.rpc.call<{ value: number }>('getBalance', [owner, { commitment: 'confirmed' }]),
    chain.rpc.call<{ value: ParsedTokenAccount[] }>('getTokenAccountsByOwner', [owner, { programId: TOKEN_PROGRAM }, { encoding: 'jsonParsed', commitment: 'confirmed' }]),
  ]);
  const balances: TokenBalance[] = [];
  const lamports = BigInt(native.value);
  if (lamports > 0n) balances.push(entry(chain.caip2, undefined, 'Solana', 'SOL', SOL_DECIMALS, lamports));

  const byMint = new Map<string, { amount: bigint; decimals: number }>();
  for (const { account } of Array.isArray(tokenAccounts.value) ? tokenAccounts.value : []) {
    const info = account?.data?.parsed?.info;
    const mint = info?.mint;
    const amount = info?.tokenAmount?.amount;
    const decimals = info?.tokenAmount?.decimals;
    if (typeof mint !== 'string' || typeof amount !== 'string' || !/^\d{1,20}$/.test(amount) || typeof decimals !== 'number' || !Number.isInteger(decimals) || decimals < 0 || decimals > 19) continue;
    const held = byMint.get(mint);
    byMint.set(mint, { amount: (held?.amount ?? 0n) + BigInt(amount), decimals });
  }
  const tokens = [...byMint.entries()]
    .filter(([, held]) => held.amount > 0n)
    .sort(([mintA, a], [mintB, b]) => (a.amount === b.amount ? mintA.localeCompare(mintB) : a.amount > b.amount ? -1 : 1))
    .slice(0, MAX_SOLANA_TOKENS);
  for (const [mint, held] of tokens) {
    const known = chain.config.tokens[mint];
    balances.push(entry(chain.caip2, `${chain.caip2}:${mint}`, known?.name ?? `Token ${mint.slice(0, 4)}…${mint.slice(-4)}`, known?.symbol ?? mint.slice(0, 4), held.decimals, held.amount));
  }
  return balances;
}

function entry(chainId: string, address: string | undefined, name: string, symbol: string, decimals: number, amount: bigint): TokenBalance {
  return {
    name,
    symbol,
    chainId,
    ...(address ? { address } : {}),
    value: 0,
    price: 0,
    quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
    iconUrl: '',
  };
}
