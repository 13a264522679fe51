import { DEVNET_CHAIN_IDS } from '../devnetDefaults.ts';

/**
 * Public EVM test networks, whose Ether has no price: the local onramp may pay on them. Ethereum's
 * Sepolia, Holesky and Hoodi; the Sepolia networks of Base, OP, Arbitrum, Linea, zkSync, Scroll
 * and Unichain; Polygon Amoy, BNB Smart Chain testnet, Avalanche Fuji; and 1337, the chain id of
 * Geth's and Ganache's local development chains.
 */
export const KNOWN_TEST_CHAIN_IDS: ReadonlySet<number> = new Set([
  11155111, 17000, 560048, 84532, 11155420, 421614, 59141, 300, 534351, 1301, 80002, 97, 43113, 1337,
]);

/**
 * Whether a chain's coins are worthless, so that the local onramp (which charges no card) may pay
 * them out: the devnet's chains, the known test networks, or a chain its operator marks as one
 * (`TESTNET_<chainId>=true`, e.g. a private chain or a local fork of a main network).
 */
export function isTestChain(chainId: number, markedTestnet: boolean): boolean {
  return markedTestnet || DEVNET_CHAIN_IDS.has(chainId) || KNOWN_TEST_CHAIN_IDS.has(chainId);
}
