import type { Address } from 'viem';

/**
 * The devnet's contract addresses (packages/devnet/deployment.json; the deploy is deterministic,
 * so they are the same on every run and on both chains). The server uses them as defaults for
 * chains 31337 and 31338 only, and does not import the devnet package at run time;
 * devnetDefaults.test.ts fails if the two drift apart.
 */
export const DEVNET_CONTRACTS = {
  cairnToken: '0x03ab8C9BD00086dBded2bC5003D3c1E0d4eebefB',
  testUsd: '0x8b8821D202c33f90a432c295627aA0264C750f59',
  zeroToken: '0xA12C1D0491B4ae2699a84e9EBdF5544C738abfC4',
  multicall3: '0x0BfB3Da9889725e150d0D539dcC63c18B8e0B641',
  testNft: '0x0fAFc10BeB9d8F0Ce3b6C7EF39192f2E65376Ed3',
  spamNft: '0x420D5915cAe7448372b34396f5D9998a4Af61197',
  weth: '0x63ec26B02500d562142D6daEF0a4F4FB74981046',
  ammFactory: '0xc4f7755910eAf669428A60dEBD32Fc85430aB2c2',
  ammRouter: '0xA06b68Ca30DEaA6a5CDd42e51b9D6ff94ff78B63',
  cairnTusdPair: '0xc4c661b79e86Ac6413ea3B41CbDc84F1bEb041dc',
  wethTusdPair: '0x61eAc8425c3056988cbFDF00235d00a039d8D4Bb',
} as const satisfies Record<string, Address>;

export const DEVNET_CHAINS = [
  { chainId: 31337, name: 'Cairn Devnet', rpcUrl: 'http://127.0.0.1:8545' },
  { chainId: 31338, name: 'Cairn Devnet Two', rpcUrl: 'http://127.0.0.1:8546' },
] as const;

/** The devnet's local Solana chain (packages/devnet: Surfpool on CHAIN_PORT_SOLANA). */
export const DEVNET_SOLANA_CHAIN = { reference: 'localnet', rpcUrl: 'http://127.0.0.1:8899', wsUrl: 'ws://127.0.0.1:8900' } as const;

/** The devnet's local Polkadot chain (chopsticks on CHAIN_PORT_POLKADOT; HTTP and websocket on one port, genesis 0x4545…). */
export const DEVNET_POLKADOT_CHAIN = { reference: '45'.repeat(16), rpcUrl: 'http://127.0.0.1:9944' } as const;

/** SPL mints the devnet creates, with the names a wallet shows (an SPL mint carries none on chain). */
export const DEVNET_SOLANA_TOKENS: Readonly<Record<string, { name: string; symbol: string }>> = {
  HX7YJrpsv6SiSt3C4Qhj6AdC5uFyyi9DZVa4Ndh7BFLg: { name: 'Cairn Solana Token', symbol: 'CSOL' },
};

export const DEVNET_CHAIN_IDS: ReadonlySet<number> = new Set(DEVNET_CHAINS.map((chain) => chain.chainId));

/** The devnet pools' seeded prices in USD (packages/devnet/src/devnetSeed.ts DEVNET_POOLS). */
export const DEVNET_SEEDED_PRICES = { CAIRN: 2.5, ETH: 2000 } as const;

/** The project id the devnet stack accepts by default (PROJECT_IDS replaces it). */
export const DEVNET_PROJECT_ID = 'cairn-local';

/** Origins of the demo site under `npm start` and under the e2e suite. */
export const DEVNET_CORS_ORIGINS = ['http://127.0.0.1:5173', 'http://127.0.0.1:24173'];

/** Origins of the secure frame under `npm start` and under the e2e suite (FRAME_PORT's defaults). */
export const DEVNET_FRAME_ORIGINS = ['http://127.0.0.1:5174', 'http://127.0.0.1:27174'];

/** Multicall3's address on nearly every public EVM chain (not on the devnet). */
export const CANONICAL_MULTICALL3: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

/**
 * The devnet deployer's key (a public test key, funded only on the devnet): the local onramp
 * provider pays bought Ether from it on the devnet chains. Never used for any other chain.
 */
export const DEVNET_ONRAMP_FUNDER_KEY = '0x4efc6330bfdec8cf0636ec888092dadaed32c65afcd21dfb4cd203cf9d4acf54';
