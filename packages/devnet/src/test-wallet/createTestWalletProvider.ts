import { isHex, numberToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { createAuthorization } from './authorization.ts';
import {
  ProviderRpcError,
  chainDisconnected,
  disconnected,
  invalidParams,
  invalidRequest,
  unauthorized,
  unrecognizedChain,
  unsupportedMethod,
  userRejected,
} from './errors.ts';
import { createEventEmitter } from './eventEmitter.ts';
import { forwardRpc } from './forwardRpc.ts';
import { sendTransaction, type TransactionRequest } from './sendTransaction.ts';
import { assertOwnAddress, parsePersonalSign, parseSignTypedData } from './signRequests.ts';
import type { RequestArguments, TestWalletProvider, TestWalletProviderOptions } from './types.ts';
import { uuidV4 } from './uuid.ts';

/** Signing methods a modern wallet refuses (eth_sign) or that this wallet does not offer. */
const UNSUPPORTED = new Set(['eth_sign', 'eth_signTransaction', 'eth_signTypedData', 'eth_signTypedData_v1', 'eth_signTypedData_v3']);

/**
 * An EIP-1193 provider backed by a private key: a fake browser-extension wallet for the demo and
 * for tests. It signs locally and forwards reads to the current chain's RPC URL.
 */
export function createTestWalletProvider(options: TestWalletProviderOptions): TestWalletProvider {
  let account = privateKeyToAccount(options.privateKey);
  let chainId = options.chainId;
  const rpcUrls = new Map<number, string | undefined>(Object.entries(options.chains).map(([id, url]) => [Number(id), url]));
  const info = Object.freeze({ ...options.info, uuid: options.info.uuid ?? uuidV4() });
  const authorization = createAuthorization(info.rdns, options.storage);
  const events = createEventEmitter();
  let pendingRejections = 0;
  // Faults a test plants for one call of a method: the wallet's own failures, not the user's refusal.
  const pendingFailures = new Map<string, { code: number; message: string }>();
  let connected = true;
  /** EIP-5792: each wallet_sendCalls batch's transactions, by the id it answered. */
  const callBatches = new Map<string, { chainId: number; hashes: Hex[] }>();

  // A smart-account wallet shows the contract's address and signs with its owner key.
  const shownAddress = (): Hex => options.smartAccount ?? account.address;
  const accounts = () => (authorization.get() ? [shownAddress()] : []);

  function currentRpcUrl(): string {
    const url = rpcUrls.get(chainId);
    if (!url) throw chainDisconnected(chainId);
    return url;
  }

  function switchTo(nextChainId: number): void {
    if (nextChainId === chainId) return;
    chainId = nextChainId;
    events.emit('chainChanged', numberToHex(chainId));
  }

  function authorize(): Hex[] {
    const wasAuthorized = authorization.get();
    authorization.set(true);
    if (!connected) {
      connected = true;
      events.emit('connect', { chainId: numberToHex(chainId) });
    }
    if (!wasAuthorized) events.emit('accountsChanged', accounts());
    return accounts();
  }

  function assertAuthorized(address: unknown): void {
    if (!authorization.get()) throw unauthorized();
    assertOwnAddress(address, shownAddress());
  }

  function permissions() {
    if (!authorization.get()) return [];
    return [
      {
        parentCapability: 'eth_accounts',
        invoker: globalThis.location?.origin ?? 'node',
        caveats: [{ type: 'restrictReturnedAccounts', value: accounts() }],
      },
    ];
  }

  /**
   * Where a real wallet would show its prompt: after the request is validated, so an unknown
   * chain still answers 4902 and an unauthorized site 4100, and the rejection stays queued.
   */
  function approve(): void {
    if (pendingRejections === 0) return;
    pendingRejections -= 1;
    throw userRejected();
  }

  async function handle(method: string, params: unknown): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        approve();
        return authorize();
      case 'eth_accounts':
        return accounts();
      case 'eth_chainId':
        return numberToHex(chainId);
      case 'wallet_requestPermissions':
        approve();
        authorize();
        return permissions();
      case 'wallet_getPermissions':
        return permissions();
      case 'wallet_revokePermissions':
        controls.revoke();
        return null;
      case 'personal_sign': {
        const { message, address } = parsePersonalSign(params);
        assertAuthorized(address);
        approve();
        return account.signMessage({ message });
      }
      case 'eth_signTypedData_v4': {
        const { typedData, address } = parseSignTypedData(params);
        assertAuthorized(address);
        approve();
        return account.signTypedData(typedData).catch((error: Error) => {
          throw invalidParams(error.message.split('\n')[0] ?? 'typed data cannot be encoded');
        });
      }
      case 'eth_sendTransaction': {
        const [transaction] = Array.isArray(params) ? (params as TransactionRequest[]) : [];
        if (!transaction || typeof transaction !== 'object') throw invalidParams('eth_sendTransaction expects [transaction]');
        assertAuthorized(transaction.from ?? shownAddress());
        const rpcUrl = currentRpcUrl();
        approve();
        return sendTransaction(account, chainId, rpcUrl, transaction);
      }
      // EIP-5792, as a wallet without atomic batching does it: one transaction per call, in order.
      case 'wallet_sendCalls': {
        const [batch] = Array.isArray(params) ? (params as { calls?: TransactionRequest[] }[]) : [];
        if (!batch || !Array.isArray(batch.calls) || batch.calls.length === 0) throw invalidParams('wallet_sendCalls expects [{ calls }]');
        assertAuthorized(shownAddress());
        const rpcUrl = currentRpcUrl();
        approve();
        const hashes: Hex[] = [];
        for (const call of batch.calls) hashes.push(await sendTransaction(account, chainId, rpcUrl, call));
        const id = uuidV4();
        callBatches.set(id, { chainId, hashes });
        return { id };
      }
      case 'wallet_getCallsStatus': {
        const [id] = Array.isArray(params) ? params : [];
        const batch = typeof id === 'string' ? callBatches.get(id) : undefined;
        if (!batch) throw invalidParams('unknown calls id');
        const rpcUrl = rpcUrls.get(batch.chainId)!;
        const receipts = await Promise.all(batch.hashes.map((hash) => forwardRpc(rpcUrl, 'eth_getTransactionReceipt', [hash]) as Promise<{ status: Hex } | null>));
        const done = receipts.every((receipt) => receipt !== null);
        return {
          version: '2.0.0',
          id,
          chainId: numberToHex(batch.chainId),
          atomic: false,
          status: done ? (receipts.every((receipt) => receipt!.status === '0x1') ? 200 : 500) : 100,
          receipts: done ? receipts : [],
        };
      }
      case 'wallet_switchEthereumChain': {
        const target = parseChainId(params, method);
        if (!rpcUrls.has(target)) throw unrecognizedChain(numberToHex(target));
        if (target === chainId) return null; // already there: no prompt
        approve();
        switchTo(target);
        return null;
      }
      case 'wallet_addEthereumChain': {
        const target = parseChainId(params, method);
        const [rpcUrl] = ((params as { rpcUrls?: unknown }[])[0]?.rpcUrls ?? []) as unknown[];
        if (typeof rpcUrl !== 'string') throw invalidParams('wallet_addEthereumChain needs rpcUrls[0]');
        approve();
        rpcUrls.set(target, rpcUrl);
        switchTo(target); // as MetaMask does after adding; wagmi's switchChain relies on it
        return null;
      }
      default:
        if (UNSUPPORTED.has(method) || method.startsWith('wallet_')) throw unsupportedMethod(method);
        return forwardRpc(currentRpcUrl(), method, params);
    }
  }

  const controls = {
    rejectNext(): void {
      pendingRejections += 1;
    },
    failNext(method: string, code = -32603, message = 'Internal error'): void {
      pendingFailures.set(method, { code, message });
    },
    setAccount(privateKey: Hex): void {
      account = privateKeyToAccount(privateKey);
      if (authorization.get()) events.emit('accountsChanged', accounts());
    },
    setChain(nextChainId: number): void {
      if (!rpcUrls.has(nextChainId)) rpcUrls.set(nextChainId, undefined);
      switchTo(nextChainId);
    },
    disconnect(): void {
      authorization.set(false);
      connected = false;
      events.emit('disconnect', disconnected());
    },
    revoke(): void {
      if (!authorization.get()) return;
      authorization.set(false);
      events.emit('accountsChanged', []);
    },
    getState: () => ({ address: shownAddress(), chainId, authorized: authorization.get() }),
  };

  const provider: TestWalletProvider = {
    isCairnTestWallet: true,
    info,
    async request(args: RequestArguments): Promise<unknown> {
      if (!args || typeof args !== 'object' || typeof args.method !== 'string') {
        throw invalidRequest('request() expects { method: string, params?: unknown[] }');
      }
      const failure = pendingFailures.get(args.method);
      if (failure) {
        pendingFailures.delete(args.method);
        throw new ProviderRpcError(failure.code, failure.message);
      }
      try {
        return await handle(args.method, args.params);
      } catch (error) {
        throw error instanceof ProviderRpcError ? error : new ProviderRpcError(-32603, String((error as Error)?.message ?? error));
      }
    },
    on(event, listener) {
      events.on(event, listener);
      return provider;
    },
    removeListener(event, listener) {
      events.removeListener(event, listener);
      return provider;
    },
    ...controls,
  };
  return provider;
}

function parseChainId(params: unknown, method: string): number {
  const chainId = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined;
  if (typeof chainId !== 'string' || !isHex(chainId)) throw invalidParams(`${method} expects [{ chainId: hex string }]`);
  return Number(chainId);
}
