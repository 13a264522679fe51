import { createPublicClient, defineChain, http, toHex, type Address, type Hex, type LocalAccount, type PublicClient, type SignableMessage, type TypedDataDefinition } from 'viem';
import { createBundlerClient, createPaymasterClient, formatUserOperationRequest, UserOperationReceiptNotFoundError, type SmartAccount, type UserOperation } from 'viem/account-abstraction';
import type { SmartAccountNetworkConfig } from '../page/frameConfig.ts';
import { toCairnAccount } from './cairnAccount.ts';
import { grantRefusal } from './grantRefusal.ts';
import { operationFee, type OperationFee } from './operationFee.ts';
import { OperationRefusedError } from './operationRefused.ts';
import { revertedOperationError } from './revertedOperation.ts';

/** A user operation estimated by the bundler (gas, fees, nonce, the paymaster's data), not yet signed: what the screen shows is what is signed. */
export interface PreparedOperation {
  operation: UserOperation<'0.7'>;
  fee: OperationFee;
}


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
  /** The bundler's estimate of the calls' user operation, unsigned, with the most it lets the network charge. */
  prepareCalls(calls: readonly SmartAccountCall[]): Promise<PreparedOperation>;
  /** Signs exactly this operation and sends it; resolves with its hash. Rejects with OperationRefusedError when the bundler refuses it. */
  sendPrepared(prepared: PreparedOperation): Promise<Hex>;
  /**
   * sendPrepared, then the hash of the transaction that landed the operation (its receipt): what
   * eth_sendTransaction answers. Not the first bundle the bundler sent: a bundle it replaces (a gas
   * bump) is never mined, and a site waiting on that hash would wait forever. Rejects with
   * 'execution reverted' when the operation landed but its call reverted.
   */
  sendPreparedTransaction(prepared: PreparedOperation): Promise<Hex>;
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
  const asCalls = (calls: readonly SmartAccountCall[]) => calls.map((call) => ({ to: call.to, value: call.value, ...(call.data ? { data: call.data } : {}) }));
  const prepareCalls = async (calls: readonly SmartAccountCall[]): Promise<PreparedOperation> => {
    let operation;
    try {
      operation = (await bundler.prepareUserOperation({ calls: asCalls(calls) })) as unknown as UserOperation<'0.7'>;
    } catch (error) {
      // A session grant the account refuses (a counted token session on an ERC-721): the site hears why in the frame's words.
      const refusal = grantRefusal(error);
      throw refusal ? new Error(refusal) : error;
    }
    return { operation, fee: operationFee(operation) };
  };
  /** The operation as estimated, signed by the key, sent as is: no second estimate between the screen and the signature. */
  const sendPrepared = async ({ operation }: PreparedOperation): Promise<Hex> => {
    const signature = await account.signUserOperation(operation);
    try {
      return await bundler.request({ method: 'eth_sendUserOperation', params: [formatUserOperationRequest({ ...operation, signature }), entryPoint as Address] });
    } catch (error) {
      throw new OperationRefusedError(error);
    }
  };
  /** ERC-4337's eth_getUserOperationReceipt, polled until the operation is mined. */
  const mined = (hash: Hex) => bundler.waitForUserOperationReceipt({ hash, pollingInterval: 250, timeout: RECEIPT_TIMEOUT_MS });
  const landedTransaction = async (hash: Hex) => {
    const landed = await mined(hash);
    // Its bundle succeeded though the call reverted: the hash would tell the site it worked.
    if (!landed.success) throw revertedOperationError(landed.reason);
    return landed.receipt.transactionHash;
  };
  return {
    address: account.address,
    entryPoint: entryPoint as Address,
    sponsored: paymasterUrl !== undefined,
    isDeployed: () => account.isDeployed(),
    signMessage: (message) => account.signMessage({ message }),
    signTypedData: (typedData) => account.signTypedData(typedData),
    prepareCalls,
    sendPrepared,
    sendPreparedTransaction: async (prepared) => landedTransaction(await sendPrepared(prepared)),
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
            // The operation's outcome, not its bundle's: a bundle succeeds though the call in it reverted.
            status: found.success && receipt.status === 'success' ? '0x1' : '0x0',
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
