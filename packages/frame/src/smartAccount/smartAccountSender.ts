import { createPublicClient, defineChain, encodeFunctionData, http, toHex, type Address, type Hex, type LocalAccount, type PublicClient, type SignableMessage, type TypedDataDefinition } from 'viem';
import { createBundlerClient, createPaymasterClient, UserOperationReceiptNotFoundError, type SmartAccount } from 'viem/account-abstraction';
import type { SmartAccountNetworkConfig } from '../page/frameConfig.ts';
import { bundledTransaction } from './bundledTransaction.ts';
import { cairnAccountAbi, toCairnAccount } from './cairnAccount.ts';
import type { SessionGrant } from './permissionsRequest.ts';

export interface SmartAccountCall {
  to: Address;
  value: bigint;
  data?: Hex;
}

/** The key's smart account on one network, and how it sends: user operations through the network's bundler, gas sponsored where a paymaster is configured. */
export interface SmartAccountSender {
  address: Address;
  /** The EntryPoint its user operations go to. */
  entryPoint: Address;
  /** Whether the network's paymaster pays the gas (SPEC §5: no gas-funds check then). */
  sponsored: boolean;
  isDeployed(): Promise<boolean>;
  /** A signature the account vouches for (ERC-1271), wrapped in ERC-6492 while it is not deployed. */
  signMessage(message: SignableMessage): Promise<Hex>;
  signTypedData(typedData: TypedDataDefinition): Promise<Hex>;
  /** Sends the calls as one user operation (atomic); resolves with its hash once the bundler took it. */
  sendCalls(calls: readonly SmartAccountCall[]): Promise<Hex>;
  /** Sends one call and waits for the bundler to send the transaction that carries it: what eth_sendTransaction answers. */
  sendTransaction(call: SmartAccountCall): Promise<Hex>;
  /** Grants or revokes a session key on-chain (a user operation calling the account itself); resolves once mined. */
  grantSession(grant: SessionGrant): Promise<void>;
  revokeSession(key: Address): Promise<void>;
  /** EIP-5792's wallet_getCallsStatus for a batch this account sent (its user operation's hash). */
  callsStatus(id: Hex): Promise<CallsStatus>;
}

/** EIP-5792: 100 pending, 200 confirmed, 500 reverted (a user operation is atomic: all or nothing). */
export interface CallsStatus {
  version: '2.0.0';
  id: Hex;
  chainId: Hex;
  status: 100 | 200 | 500;
  atomic: true;
  receipts?: { status: Hex; blockHash: Hex; blockNumber: Hex; gasUsed: Hex; transactionHash: Hex; logs: { address: Address; data: Hex; topics: readonly Hex[] }[] }[];
}

export interface SmartAccountNetwork {
  chainId: number;
  rpcUrl: string;
  smartAccount: SmartAccountNetworkConfig;
}

const RECEIPT_TIMEOUT_MS = 60_000;

export async function smartAccountSender(owner: LocalAccount, network: SmartAccountNetwork): Promise<SmartAccountSender> {
  const chain = defineChain({ id: network.chainId, name: `Chain ${network.chainId}`, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [network.rpcUrl] } } });
  const client = createPublicClient({ chain, transport: http(network.rpcUrl, { retryCount: 0 }) }) as PublicClient;
  const { bundlerUrl, paymasterUrl, entryPoint, factory } = network.smartAccount;
  const account: SmartAccount = await toCairnAccount({ client, owner, deployment: { entryPoint: entryPoint as Address, factory: factory as Address } });
  const bundler = createBundlerClient({
    client,
    account,
    transport: http(bundlerUrl, { retryCount: 0 }),
    ...(paymasterUrl ? { paymaster: createPaymasterClient({ transport: http(paymasterUrl, { retryCount: 0 }) }) } : {}),
  });
  const sendCalls = (calls: readonly SmartAccountCall[]) => bundler.sendUserOperation({ calls: calls.map((call) => ({ to: call.to, value: call.value, ...(call.data ? { data: call.data } : {}) })) });
  /** Sends calls of the account to itself and waits for them to be mined: a refused one throws. */
  const selfCall = async (data: Hex) => {
    const hash = await sendCalls([{ to: account.address, value: 0n, data }]);
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 250, timeout: RECEIPT_TIMEOUT_MS });
    if (!receipt.success) throw new Error(receipt.reason ?? 'The smart account refused the change');
  };
  return {
    address: account.address,
    entryPoint: entryPoint as Address,
    grantSession: ({ key, target, selector, valueLimit, expiry }) =>
      selfCall(encodeFunctionData({ abi: cairnAccountAbi, functionName: 'grantSession', args: [key, target, selector ?? '0x00000000', valueLimit, expiry] })),
    revokeSession: (key) => selfCall(encodeFunctionData({ abi: cairnAccountAbi, functionName: 'revokeSession', args: [key] })),
    sponsored: paymasterUrl !== undefined,
    isDeployed: () => account.isDeployed(),
    signMessage: (message) => account.signMessage({ message }),
    signTypedData: (typedData) => account.signTypedData(typedData),
    sendCalls,
    async sendTransaction(call) {
      const hash = await sendCalls([call]);
      const reads = {
        async submittedTransaction(id: Hex) {
          let answer: { status?: string; transactionHash?: Hex | null };
          try {
            answer = (await bundler.request({ method: 'pimlico_getUserOperationStatus' as never, params: [id] as never })) as typeof answer;
          } catch (error) {
            // -32601: a bundler without the method; the receipt wait below is then the only way.
            if ((error as { code?: unknown }).code === -32601) return undefined;
            throw error;
          }
          return { ...(answer.transactionHash ? { transactionHash: answer.transactionHash } : {}), failed: answer.status === 'rejected' || answer.status === 'failed' };
        },
        async minedTransaction(id: Hex) {
          return (await bundler.waitForUserOperationReceipt({ hash: id, pollingInterval: 250, timeout: RECEIPT_TIMEOUT_MS })).receipt.transactionHash;
        },
      };
      return bundledTransaction(reads, hash, { pollingMs: 100, timeoutMs: RECEIPT_TIMEOUT_MS });
    },
    async callsStatus(id) {
      const base = { version: '2.0.0', id, chainId: toHex(network.chainId), atomic: true } as const;
      let found;
      try {
        found = await bundler.getUserOperationReceipt({ hash: id });
      } catch (error) {
        if (error instanceof UserOperationReceiptNotFoundError) return { ...base, status: 100 };
        throw error;
      }
      const { receipt } = found;
      return {
        ...base,
        status: found.success ? 200 : 500,
        receipts: [
          {
            status: receipt.status === 'success' ? '0x1' : '0x0',
            blockHash: receipt.blockHash,
            blockNumber: toHex(receipt.blockNumber),
            gasUsed: toHex(receipt.gasUsed),
            transactionHash: receipt.transactionHash,
            logs: found.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
          },
        ],
      };
    },
  };
}
