import type { Address, Hex } from 'viem';

export type TestAccount = { address: Address; privateKey: Hex };

/** Anvil's first five accounts from its default mnemonic ("test test ... junk"), 10000 ETH each. */
export const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk';

export const TEST_ACCOUNTS: readonly TestAccount[] = [
  {
    address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
    privateKey: '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  },
  {
    address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    privateKey: '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  },
  {
    address: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
    privateKey: '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  },
  {
    address: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
    privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  },
  {
    address: '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65',
    privateKey: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
  },
];

/**
 * Deploys every contract. It is not one of the test accounts, so their balances stay round
 * (account 0 has exactly 10000 ETH on 31337), and it only ever sends the deploy sequence, so
 * the contract addresses (deployer + nonce) are the same on every chain and every run.
 * Key = keccak256("cairn devnet deployer").
 */
export const DEPLOYER: TestAccount = {
  address: '0x6d9E746E0cc42E2E9C5944c31784Fc8cd30d3cbf',
  privateKey: '0x4efc6330bfdec8cf0636ec888092dadaed32c65afcd21dfb4cd203cf9d4acf54',
};

/**
 * Sends the bundler's `handleOps` transactions (the local ERC-4337 bundler's executor); funded at
 * start. Key = keccak256("cairn devnet bundler").
 */
export const BUNDLER_EXECUTOR: TestAccount = {
  address: '0x4fCe594f0aF61FbffeF35661491A73AC6D112DbE',
  privateKey: '0x579a1dfedd42c5d59faae56128eef302bd8ce1964a3217b662c13d918b446813',
};

/**
 * The verifying paymaster's signer: the devnet's paymaster service signs each user operation it
 * sponsors with it. Key = keccak256("cairn devnet paymaster signer").
 */
export const PAYMASTER_SIGNER: TestAccount = {
  address: '0x985E23a74bCe0b5eC0ccFe08EBEF140b16936e94',
  privateKey: '0x379cdec52cd8a55273595e9b2493063b0df51c3d8870d28d45ae9b08346fbe84',
};
