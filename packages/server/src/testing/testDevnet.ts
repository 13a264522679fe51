import { DEPLOYER, startDevnet, TEST_ACCOUNTS, type Devnet } from '@cairn/devnet';
import { afterAll, beforeAll } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  http,
  parseAbi,
  type Address,
  type Account,
  type Chain,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

const erc20Abi = parseAbi(['function transfer(address to, uint256 amount) returns (bool)']);
const erc721Abi = parseAbi(['function transferFrom(address from, address to, uint256 tokenId)', 'function mint(address to, uint256 tokenId)']);

/** A sender: a test account's index, or a private key. */
export type Sender = number | Hex;
type Sent = Promise<{ hash: Hash; blockNumber: number }>;

export type TestChain = {
  chainId: number;
  rpcUrl: string;
  client: PublicClient;
  /** Sends from `from` and waits for the receipt; resolves with the block number. */
  sendNative(from: Sender, to: Address, value: bigint): Sent;
  sendErc20(from: Sender, token: Address, to: Address, amount: bigint, options?: { gas?: bigint }): Sent;
  sendErc721(from: Sender, nft: Address, to: Address, tokenId: bigint): Sent;
  /** A viem wallet client for `from`, for calls the helpers here do not cover. */
  wallet(from: Sender): WalletClient<Transport, Chain, Account>;
  /** Mints an NFT item as the devnet's deployer (the contracts' owner), like an airdrop. */
  mintNft(nft: Address, to: Address, tokenId: bigint): Sent;
  rpc<T = unknown>(method: string, params?: unknown[]): Promise<T>;
};

/**
 * The real devnet for one server test file (ports distinct per file: files run in parallel), with
 * helpers that send real transactions from the test accounts.
 */
export function useTestDevnet(ports: { 31337: number; 31338: number }): { devnet(): Devnet; chain(chainId?: number): TestChain } {
  let devnet: Devnet | undefined;
  const chains = new Map<number, TestChain>();
  beforeAll(async () => {
    devnet = await startDevnet({ chains: [{ chainId: 31337, port: ports[31337] }, { chainId: 31338, port: ports[31338] }] });
    for (const { chainId, rpcUrl } of devnet.chains) chains.set(chainId, testChain(chainId, rpcUrl));
  }, 120_000);
  afterAll(async () => {
    await devnet?.stop();
  });
  return {
    devnet() {
      if (!devnet) throw new Error('The test devnet is not running (did beforeAll fail?)');
      return devnet;
    },
    chain(chainId = 31337) {
      const chain = chains.get(chainId);
      if (!chain) throw new Error(`No test chain ${chainId} (did beforeAll fail?)`);
      return chain;
    },
  };
}

function testChain(chainId: number, rpcUrl: string): TestChain {
  const chain = defineChain({ id: chainId, name: `devnet ${chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [rpcUrl] } } });
  const client = createPublicClient({ chain, transport: http(rpcUrl) });
  const keyOf = (from: Sender) => (typeof from === 'number' ? TEST_ACCOUNTS[from]!.privateKey : from);
  const wallet = (from: Sender) => createWalletClient({ account: privateKeyToAccount(keyOf(from)), chain, transport: http(rpcUrl) });
  const mined = async (hash: Hash) => {
    const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
    return { hash, blockNumber: Number(receipt.blockNumber) };
  };
  return {
    chainId,
    rpcUrl,
    client,
    wallet,
    sendNative: async (from, to, value) => mined(await wallet(from).sendTransaction({ to, value })),
    sendErc20: async (from, token, to, amount, options = {}) =>
      mined(await wallet(from).writeContract({ address: token, abi: erc20Abi, functionName: 'transfer', args: [to, amount], ...options })),
    sendErc721: async (from, nft, to, tokenId) =>
      mined(await wallet(from).writeContract({ address: nft, abi: erc721Abi, functionName: 'transferFrom', args: [privateKeyToAccount(keyOf(from)).address, to, tokenId] })),
    mintNft: async (nft, to, tokenId) => {
      await client.request({ method: 'anvil_impersonateAccount' as never, params: [DEPLOYER.address] as never });
      const deployer = createWalletClient({ account: DEPLOYER.address, chain, transport: http(rpcUrl) });
      return mined(await deployer.writeContract({ address: nft, abi: erc721Abi, functionName: 'mint', args: [to, tokenId] }));
    },
    rpc: <T,>(method: string, params: unknown[] = []) => client.request({ method: method as never, params: params as never }) as Promise<T>,
  };
}
