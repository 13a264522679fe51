import deploymentJson from '../deployment.json' with { type: 'json' };
import type { Deployment } from './deployment.ts';

export { startDevnet, type Devnet, type DevnetChain, type StartDevnetOptions } from './startDevnet.ts';
export { DEFAULT_CHAINS, DEFAULT_SOLANA_PORT, DEFAULT_POLKADOT_PORT, DEFAULT_BITCOIN_PORT, type ChainConfig } from './chains.ts';
export { type DevnetSolanaChain, type DevnetPolkadotChain } from './startDevnet.ts';
export * from './polkadot/polkadotAccounts.ts';
export { polkadotBalance, polkadotFreeBalance, withPolkadotApi } from './polkadot/polkadotBalance.ts';
export { startPolkadotChain, type PolkadotChain, type PolkadotChainOptions } from './polkadot/startPolkadotChain.ts';
export * from './solana/solanaAccounts.ts';
export { sendSolanaTransaction, waitForSignature, solanaBalance, solanaTokenAccountBalance, type SolanaSigner } from './solana/solanaTransactions.ts';
export { solanaRpc } from './solana/solanaRpc.ts';
export { startSolanaChain, type SolanaChain, type SolanaChainOptions } from './solana/startSolanaChain.ts';
export { createSolanaTestWallet, registerSolanaTestWallet, SOLANA_TEST_WALLET_ICON, type SolanaTestWallet, type SolanaTestWalletOptions } from './solana-wallet/createSolanaTestWallet.ts';
export { TEST_ACCOUNTS, DEPLOYER, type TestAccount } from './accounts.ts';
export { FARCASTER_ID_REGISTRY, moveFarcasterCustody, registerFarcasterId } from './farcaster/idRegistry.ts';
export { DEVNET_NAME_REGISTRY_KEY, NAME_PROOF_DOMAIN, NAME_PROOF_TYPES, registerFarcasterName, signNameProof, startLocalNameRegistry, type LocalNameRegistry, type NameTransfer } from './farcaster/nameRegistry.ts';
export { DEVNET_TOKENS, DEVNET_NFTS, ACCOUNT0_NATIVE_BALANCE } from './devnetSeed.ts';
export type { Deployment } from './deployment.ts';
export { compileContracts, type CompileResult } from './compile.ts';
export { readArtifact, type Artifact, type ContractName } from './artifacts.ts';
export { testWalletScriptPath, solanaTestWalletScriptPath, polkadotTestExtensionScriptPath, bitcoinTestWalletScriptPath } from './paths.ts';
export {
  injectTestWallets,
  testWallet,
  injectSolanaTestWallets,
  solanaTestWallet,
  injectPolkadotTestExtensions,
  polkadotTestExtension,
  injectBitcoinTestWallets,
  bitcoinTestWallet,
} from './playwright.ts';
export {
  createPolkadotTestExtension,
  injectPolkadotTestExtension,
  type PolkadotTestExtension,
  type PolkadotTestExtensionOptions,
} from './polkadot-extension/createPolkadotTestExtension.ts';
export * from './bitcoin/bitcoinAccounts.ts';
export { startBitcoinChain, mineBitcoinBlocks, type BitcoinChain } from './bitcoin/startBitcoinChain.ts';
export { createBitcoinTestWallet, registerBitcoinTestWallet, BITCOIN_TEST_WALLET_ICON, type BitcoinTestWallet, type BitcoinTestWalletOptions } from './bitcoin-wallet/createBitcoinTestWallet.ts';
export * from './test-wallet/index.ts';

/** The committed deployment.json: contract addresses, identical on every devnet chain. */
export const deployment: Deployment = deploymentJson as Deployment;
