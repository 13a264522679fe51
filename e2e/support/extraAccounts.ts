import { TEST_ACCOUNTS } from '@cairn/devnet';
import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { walletChains } from './demo.ts';

/**
 * Funded devnet accounts beyond @cairn/devnet's TEST_ACCOUNTS (Anvil's default mnemonic, indexes
 * 5 to 9), one per e2e file that moves funds, so no file changes a balance another expects.
 * Indexes 10 and up start empty: the file that uses one funds it.
 */
export const EXTRA_ACCOUNTS = {
  /** e2e/wagmi.e2e.ts */
  wagmiVisitor: { address: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc', privateKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba' },
  /** e2e/activity.e2e.ts: the visitor whose history is read, and the account it trades with. */
  activityVisitor: { address: '0x976EA74026E726554dB657fA54763abd0C3a0aa9', privateKey: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e' },
  activityPeer: { address: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955', privateKey: '0x4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356' },
  /** e2e/send.e2e.ts: the sender (given CAIRN by the test) and the receiver. */
  sendVisitor: { address: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f', privateKey: '0xdbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97' },
  sendReceiver: { address: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720', privateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6' },
  /** e2e/swap.e2e.ts (index 10: funded by the test). */
  swapVisitor: { address: '0xBcd4042DE499D14e55001CcbB24a551F3b954096', privateKey: '0xf214f2b2cd398c806f84e317254e0f0b801d0643303237d97a22a48e01628897' },
} as const satisfies Record<string, { address: Address; privateKey: Hex }>;

/**
 * Gives an account that starts empty (mnemonic index 10 and up, or a new key) `value` wei, from TEST_ACCOUNTS[3],
 * whose ETH no file counts; resolves once mined.
 */
export async function fundExtraAccount(to: Address, value: bigint, chainId = 31337): Promise<void> {
  const transport = http(walletChains()[chainId]);
  const funder = createWalletClient({ account: privateKeyToAccount(TEST_ACCOUNTS[3]!.privateKey), transport });
  const hash = await funder.sendTransaction({ to, value, chain: null });
  await createPublicClient({ transport }).waitForTransactionReceipt({ hash, pollingInterval: 50 });
}
