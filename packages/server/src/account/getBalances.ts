import type { TokenBalance } from '@cairn/core';
import { formatUnits, getAddress, parseAbi, type Address } from 'viem';
import type { ChainContext } from '../chain/chainContext.ts';
import { nativeBalanceRead, readContracts, type ContractRead } from '../chain/readContracts.ts';
import type { Network } from '../catalogue/networks.ts';
import type { Db } from '../db/database.ts';
import { NATIVE, type PoolPrices } from '../prices/poolPrices.ts';
import type { IconUrls } from './iconUrls.ts';

/** SPEC §3 "Token balance". `address` is CAIP-10 and absent for the native coin. */
/** SPEC §3's token balance: the one wire shape, defined (and validated on arrival) by the widget's core. */
export type Balance = TokenBalance;

const erc20Abi = parseAbi(['function balanceOf(address owner) view returns (uint256)']);

/** ERC-20 contracts the account has sent or received, per the indexed transfers, with their metadata. */
async function heldTokenCandidates(db: Db, chainId: number, account: string) {
  const contracts = db
    .selectFrom('transfers')
    .select('contract')
    .where('chain_id', '=', chainId)
    .where('standard', '=', 'erc20')
    .where((eb) => eb.or([eb('to_address', '=', account), eb('from_address', '=', account)]));
  return db
    .selectFrom('tokens')
    .select(['address', 'name', 'symbol', 'decimals'])
    .where('chain_id', '=', chainId)
    .where('address', 'in', contracts)
    .orderBy('address')
    .execute();
}

/**
 * The native coin and every ERC-20 the account holds on one chain: the candidates come from the
 * indexer, the amounts are read live (balanceOf through Multicall3, one eth_call), the prices from
 * the chain's pools. Zero balances are left out; 0-decimal tokens are kept (the widget decides).
 * `indexed`: the indexer catching up with the head; the known tokens are read meanwhile, and only
 * those it then adds (a token the account holds for the first time) are read after it.
 */
export async function getBalances(
  db: Db,
  chain: ChainContext,
  network: Network | undefined,
  prices: PoolPrices,
  icons: IconUrls,
  account: Address,
  { fresh = false, indexed }: { fresh?: boolean; indexed?: Promise<unknown> } = {},
): Promise<Balance[]> {
  const chainId = chain.config.chainId;
  const readTokens = (tokens: readonly { address: string }[]) =>
    readContracts(chain, tokens.map((token): ContractRead => ({ address: token.address as Address, abi: erc20Abi, functionName: 'balanceOf', args: [account] })));
  const known = await heldTokenCandidates(db, chainId, account.toLowerCase());
  const nativeRead = nativeBalanceRead(chain, account);
  const [nativeAmount, knownResults] = await Promise.all([
    nativeRead ? readContracts(chain, [nativeRead]).then(([result]) => (result?.ok ? (result.value as bigint) : 0n)) : chain.client.getBalance({ address: account }),
    readTokens(known),
  ]);
  let tokens = known;
  let results = knownResults;
  if (indexed) {
    await indexed;
    const seen = new Set(known.map((token) => token.address));
    const added = (await heldTokenCandidates(db, chainId, account.toLowerCase())).filter((token) => !seen.has(token.address));
    if (added.length > 0) [tokens, results] = [[...known, ...added], [...knownResults, ...(await readTokens(added))]];
  }
  const native = network?.nativeCurrency ?? { name: 'Native coin', symbol: 'ETH', decimals: 18 };
  const held = [
    ...(nativeAmount > 0n ? [{ address: NATIVE, name: native.name, symbol: native.symbol, decimals: native.decimals, amount: nativeAmount }] : []),
    ...tokens.flatMap((token, index) => {
      const result = results[index];
      const amount = result?.ok ? (result.value as bigint) : 0n;
      // A token whose decimals() does not answer is shown in base units rather than guessed.
      return amount > 0n ? [{ address: token.address, name: token.name ?? token.symbol ?? 'Unknown token', symbol: token.symbol ?? '', decimals: token.decimals ?? 0, amount }] : [];
    }),
  ];
  const priceOf = await prices.usdPrices(chain, held.map(({ address, decimals }) => ({ address, decimals })), { fresh });
  const balances = held.map(({ address, name, symbol, decimals, amount }) => {
    const numeric = formatUnits(amount, decimals);
    const price = priceOf.get(address) ?? 0;
    return {
      name,
      symbol,
      chainId: chain.caip2,
      ...(address === NATIVE ? {} : { address: `${chain.caip2}:${getAddress(address)}` }),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(decimals), numeric },
      iconUrl: address === NATIVE ? icons.native(chain.caip2) : icons.token(chainId, address),
    };
  });
  // The native coin first, then the most valuable; equal values by symbol.
  return balances.sort((a, b) => Number(a.address !== undefined) - Number(b.address !== undefined) || b.value - a.value || a.symbol.localeCompare(b.symbol));
}
