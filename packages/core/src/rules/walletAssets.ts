import type { TokenBalance } from '../api/blockchainApi.ts';
import { parseUnits } from '../format.ts';

/** SPEC §3 wallet-asset: one asset the wallet holds on a chain, its balance in hex smallest units. */
export interface WalletAsset {
  /** The token's contract, or 'native' for the chain's coin. */
  address: string;
  balance: `0x${string}`;
  type: 'ERC20' | 'NATIVE';
  metadata: { name: string; symbol: string; decimals: number; price: number; iconUrl: string };
}

/** `wallet_getAssets`'s answer: per hex chain id (`0x1`), the assets held there. */
export type WalletAssetsResponse = Record<`0x${string}`, WalletAsset[]>;

/**
 * SPEC §3: the server's balances (SPEC §3 token balances, eip155) as a `wallet_getAssets` answer,
 * for a wallet that does not answer it itself. Tokens with 0 decimals are left out (SPEC §5).
 */
export function walletAssetsFromBalances(balances: readonly TokenBalance[]): WalletAssetsResponse {
  const assets: WalletAssetsResponse = {};
  for (const entry of balances) {
    const [namespace, reference] = entry.chainId.split(':');
    const decimals = Number(entry.quantity.decimals);
    if (namespace !== 'eip155' || !/^\d+$/.test(reference ?? '') || (entry.address !== undefined && decimals === 0)) continue;
    const chain = `0x${BigInt(reference!).toString(16)}` as const;
    (assets[chain] ??= []).push({
      // The server names a token CAIP-10 (eip155:1:0x…); the wallet answer names its contract.
      address: entry.address === undefined ? 'native' : entry.address.split(':').pop()!,
      balance: `0x${parseUnits(entry.quantity.numeric, decimals).toString(16)}`,
      type: entry.address === undefined ? 'NATIVE' : 'ERC20',
      metadata: { name: entry.name, symbol: entry.symbol, decimals, price: entry.price, iconUrl: entry.iconUrl },
    });
  }
  return assets;
}
