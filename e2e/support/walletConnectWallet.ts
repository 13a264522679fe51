import type { SessionTypes } from '@walletconnect/types';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';
import { WalletKit, type IWalletKit, type WalletKitTypes } from '@reown/walletkit';
import {
  createWalletClient,
  defineChain,
  http,
  isAddressEqual,
  isHex,
  type Address,
  type Chain,
  type PrivateKeyAccount,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { TEST_ACCOUNTS, type TestAccount } from '@cairn/devnet';
import { toTransactionRequest } from '../../apps/demo/src/wallet/performRequest.ts';
import { caip2, Inbox, relayCore, WALLET_EVENTS, WALLET_METHODS, within, type WalletConnectLogLevel } from './walletConnectRelay.ts';

/**
 * A real WalletConnect wallet for e2e tests: `@reown/walletkit` running in the test process,
 * holding one devnet account, paired with a dapp through the local stack's relay. It signs and
 * sends for real (viem against the devnet RPC), so a test checks signatures and receipts, not
 * stubs. Nothing it does leaves 127.0.0.1: no Verify API, no telemetry.
 *
 *   const wallet = await createWalletConnectWallet({ relayUrl: inject('relayUrl'), chains: walletChains() });
 *   await wallet.pair(uri);
 *   await wallet.approve(await wallet.nextProposal());
 *   const request = await wallet.nextRequest();
 *   const signature = await wallet.respond(request);
 *   await wallet.close();
 *
 * Every wait is bounded (`timeoutMs`, 15 s by default) and fails with what it was waiting for.
 */

export type SessionProposal = WalletKitTypes.SessionProposal;
export type SessionRequest = WalletKitTypes.SessionRequest;
export type SessionDelete = WalletKitTypes.SessionDelete;

/** What `autoRespond` does with each request: perform it, or decline it as the user would. */
export type AutoRespondMode = 'approve' | 'reject';

export interface WalletConnectWalletOptions {
  /** The relay's websocket URL, e.g. `inject('relayUrl')`. */
  relayUrl: string;
  /** Chains the wallet supports: chain id → HTTP RPC URL (`walletChains()` in e2e). */
  chains: Readonly<Record<number, string>>;
  /** The devnet account it holds. Default: TEST_ACCOUNTS[0]. */
  account?: TestAccount;
  /** The chain it starts on. Default: the lowest chain id of `chains`. */
  chainId?: number;
  /** Answer every request without a test asking. Default: off (tests call nextRequest/respond). */
  autoRespond?: AutoRespondMode;
  /** Bound for every wait. Default 15 s. */
  timeoutMs?: number;
  /** The name dapps show for this wallet. Default 'Cairn e2e Wallet'. */
  name?: string;
  /** WalletConnect's pino log level. Default 'silent': it logs expected refusals as errors, and real failures reach the test as rejected promises. */
  logLevel?: WalletConnectLogLevel;
}

/** A request the wallet answered, in order, for a test to inspect. */
export interface AnsweredRequest {
  method: string;
  chainId: string;
  outcome: 'result' | 'error';
  value: unknown;
}

export interface WalletConnectWallet {
  /** The account it holds now (changes with emitAccountsChanged). */
  readonly address: Address;
  /** The chain it is on now (changes with wallet_switchEthereumChain and emitChainChanged). */
  readonly chainId: number;
  /** The underlying WalletKit, for what this helper does not cover. */
  readonly kit: IWalletKit;
  /** Requests answered so far (by respond, rejectRequest or autoRespond). */
  readonly answered: readonly AnsweredRequest[];

  /** Pairs with a dapp's `wc:` URI; its session proposal then arrives (nextProposal). */
  pair(uri: string): Promise<void>;
  /** The next session proposal, in arrival order. */
  nextProposal(): Promise<SessionProposal>;
  /**
   * Approves with every devnet chain the dapp asked for that the wallet supports, its account,
   * WALLET_METHODS and WALLET_EVENTS. `chainId` picks the chain it starts on (listed first).
   * Resolves with the session once the dapp acknowledged it.
   */
  approve(proposal: SessionProposal, options?: { chainId?: number }): Promise<SessionTypes.Struct>;
  /** Declines the proposal as the user would (USER_REJECTED, code 5000). */
  reject(proposal: SessionProposal): Promise<void>;

  /** The next request from a dapp, in arrival order (unless autoRespond answers it). */
  nextRequest(): Promise<SessionRequest>;
  /** Performs the request for real and sends the result; resolves with it (signature, tx hash, ...). */
  respond(request: SessionRequest): Promise<unknown>;
  /** Declines the request as the user would: code 5000 (WalletConnect's) unless told 4001 (EIP-1193's). */
  rejectRequest(request: SessionRequest, options?: { code?: 4001 | 5000 }): Promise<void>;
  /** Answers requests from now on without a test asking; `undefined` turns it off. */
  setAutoRespond(mode: AutoRespondMode | undefined): void;

  /** Switches every session to this account (session update if new) and emits accountsChanged. */
  emitAccountsChanged(account: TestAccount): Promise<void>;
  /** Switches every session to this chain (session update if new) and emits chainChanged. */
  emitChainChanged(chainId: number): Promise<void>;
  /** The wallet's sessions that are open now. */
  sessions(): SessionTypes.Struct[];
  /** The next session a dapp ended (it disconnected). */
  nextSessionDelete(): Promise<SessionDelete>;
  /** Ends a session (the given one, else every one) as the user would: USER_DISCONNECTED. */
  disconnect(topic?: string): Promise<void>;
  /** Closes the relay connection and timers, so the test process can exit. */
  close(): Promise<void>;
}

/** EIP-1193 / EIP-3326 error codes the wallet answers with. */
const UNRECOGNIZED_CHAIN = 4902;
const UNSUPPORTED_METHOD = 4200;
const UNAUTHORIZED = 4100;

class RequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`WalletConnect test wallet: ${what} took longer than ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const chainIdOf = (caip: string) => Number(caip.split(':')[1]);

function devnetChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `Devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
  });
}

export async function createWalletConnectWallet(options: WalletConnectWalletOptions): Promise<WalletConnectWallet> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const supported = Object.keys(options.chains)
    .map(Number)
    .sort((a, b) => a - b);
  if (supported.length === 0) throw new Error('WalletConnect test wallet: give it at least one chain');
  const chains = new Map(supported.map((id) => [id, devnetChain(id, options.chains[id]!)]));
  let account: PrivateKeyAccount = privateKeyToAccount((options.account ?? TEST_ACCOUNTS[0]!).privateKey);
  let chainId = options.chainId ?? supported[0]!;
  if (!chains.has(chainId)) throw new Error(`WalletConnect test wallet: chain ${chainId} is not among its chains`);
  let autoRespond = options.autoRespond;
  const answered: AnsweredRequest[] = [];

  const { core, closeCore } = relayCore('wallet', options.relayUrl, options.logLevel, timeoutMs);
  const kit = await within(
    WalletKit.init({
      core,
      metadata: {
        name: options.name ?? 'Cairn e2e Wallet',
        description: 'A WalletKit wallet in the e2e test process, on the Cairn devnet',
        url: 'http://127.0.0.1',
        icons: [],
      },
    }),
    timeoutMs,
    'starting WalletKit',
  );

  const proposals = new Inbox<SessionProposal>();
  const requests = new Inbox<SessionRequest>();
  const deletions = new Inbox<SessionDelete>();

  const walletClient = (id: number) => {
    const chain = chains.get(id);
    if (!chain) throw new RequestError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID ${id}`);
    return createWalletClient({ account, chain, transport: http() });
  };

  const checkAddress = (address: unknown) => {
    if (typeof address !== 'string' || !isAddressEqual(address as Address, account.address)) {
      throw new RequestError(UNAUTHORIZED, `The wallet holds ${account.address}, not ${String(address)}`);
    }
  };

  const activeSessions = () => Object.values(kit.getActiveSessions());

  /** Adds the current account and chain to a session's eip155 namespace when it lacks them. */
  async function coverInSession(session: SessionTypes.Struct) {
    const namespace = session.namespaces.eip155;
    if (!namespace) return;
    const chainsNow = namespace.chains ?? [...new Set(namespace.accounts.map((a) => a.split(':').slice(0, 2).join(':')))];
    const nextChains = chainsNow.includes(caip2(chainId)) ? chainsNow : [...chainsNow, caip2(chainId)];
    const wanted = nextChains.map((chain) => `${chain}:${account.address}`);
    const nextAccounts = [...wanted, ...namespace.accounts.filter((a) => !wanted.includes(a))];
    if (nextChains.length === chainsNow.length && wanted.every((a) => namespace.accounts.includes(a))) return;
    await within(
      kit.updateSession({
        topic: session.topic,
        namespaces: { ...session.namespaces, eip155: { ...namespace, chains: nextChains, accounts: nextAccounts } },
      }),
      timeoutMs,
      'sending the session update',
    );
    // Not `acknowledged()`: sign-client 2.25 drops an acknowledgement that arrives before
    // updateSession has returned (it resolves a delayed promise nobody awaits yet), and on a local
    // relay it often does, leaving acknowledged() to time out after 5 minutes. The wallet's own
    // request history tells instead: no wc_sessionUpdate on the topic is still unanswered.
    await until(
      () => !core.history.values.some((r) => r.topic === session.topic && r.request.method === 'wc_sessionUpdate' && r.response === undefined),
      timeoutMs,
      'the dapp acknowledging the session update',
    );
  }

  async function emitToSessions(event: 'chainChanged' | 'accountsChanged') {
    for (const session of activeSessions()) {
      await coverInSession(session);
      await kit.emitSessionEvent({
        topic: session.topic,
        chainId: caip2(chainId),
        event: event === 'chainChanged' ? { name: event, data: chainId } : { name: event, data: [account.address] },
      });
    }
  }

  async function perform(request: SessionRequest): Promise<unknown> {
    const { method, params } = request.params.request as { method: string; params: unknown };
    const list = (Array.isArray(params) ? params : []) as unknown[];
    const requestChain = chainIdOf(request.params.chainId);
    switch (method) {
      case 'personal_sign': {
        const [message, address] = list as [string, string];
        checkAddress(address);
        return account.signMessage({ message: isHex(message) ? { raw: message } : message });
      }
      case 'eth_signTypedData_v4': {
        const [address, typedData] = list as [string, string | object];
        checkAddress(address);
        const data = typeof typedData === 'string' ? JSON.parse(typedData) : typedData;
        return account.signTypedData(data);
      }
      case 'eth_sendTransaction':
      case 'eth_signTransaction': {
        const tx = (list[0] ?? {}) as Record<string, unknown>;
        if (tx.from !== undefined) checkAddress(tx.from);
        const client = walletClient(requestChain);
        const prepared = await client.prepareTransactionRequest({ ...toTransactionRequest(tx), account, chain: client.chain });
        const signed = await account.signTransaction(prepared as Parameters<PrivateKeyAccount['signTransaction']>[0]);
        if (method === 'eth_signTransaction') return signed;
        return client.sendRawTransaction({ serializedTransaction: signed });
      }
      case 'wallet_switchEthereumChain': {
        const [{ chainId: wanted }] = list as [{ chainId: string }];
        const next = Number(wanted);
        if (!chains.has(next)) throw new RequestError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID ${wanted}`);
        chainId = next;
        await emitToSessions('chainChanged');
        return null;
      }
      default:
        throw new RequestError(UNSUPPORTED_METHOD, `The wallet does not support ${method}`);
    }
  }

  async function send(request: SessionRequest, outcome: AnsweredRequest['outcome'], value: unknown) {
    const { id, topic } = request;
    const error = value as { code: number; message: string };
    await within(
      kit.respondSessionRequest({
        topic,
        response: outcome === 'result' ? { id, jsonrpc: '2.0', result: value } : { id, jsonrpc: '2.0', error: { code: error.code, message: error.message } },
      }),
      timeoutMs,
      `answering ${request.params.request.method}`,
    );
    answered.push({ method: request.params.request.method, chainId: request.params.chainId, outcome, value });
  }

  async function respond(request: SessionRequest) {
    let result: unknown;
    try {
      result = await within(perform(request), timeoutMs, `performing ${request.params.request.method}`);
    } catch (error) {
      // The dapp learns the request failed; the test gets the reason.
      const code = error instanceof RequestError ? error.code : -32603;
      await send(request, 'error', { code, message: error instanceof Error ? error.message : String(error) });
      throw error;
    }
    await send(request, 'result', result);
    return result;
  }

  const rejectRequest = (request: SessionRequest, rejectOptions: { code?: 4001 | 5000 } = {}) => {
    const sdk = getSdkError('USER_REJECTED');
    const code = rejectOptions.code ?? sdk.code;
    return send(request, 'error', { code, message: code === sdk.code ? sdk.message : 'User rejected the request.' });
  };

  kit.on('session_proposal', (proposal) => proposals.push(proposal));
  kit.on('session_delete', (deletion) => deletions.push(deletion));
  kit.on('session_request', (request) => {
    if (!autoRespond) return requests.push(request);
    const answer = autoRespond === 'approve' ? respond(request) : rejectRequest(request);
    answer.catch((error: unknown) => {
      // A refusal by rule (unknown chain, wrong account) is an answer; anything else is worth a line.
      if (!(error instanceof RequestError)) console.error('WalletConnect test wallet: auto-respond failed', error);
    });
  });

  let closed = false;
  return {
    get address() {
      return account.address;
    },
    get chainId() {
      return chainId;
    },
    kit,
    answered,

    async pair(uri) {
      await within(kit.pair({ uri }), timeoutMs, 'pairing');
    },
    nextProposal: () => proposals.next(timeoutMs, 'session proposal'),

    async approve(proposal, approveOptions = {}) {
      if (approveOptions.chainId !== undefined) {
        if (!chains.has(approveOptions.chainId)) throw new Error(`WalletConnect test wallet: chain ${approveOptions.chainId} is not among its chains`);
        chainId = approveOptions.chainId;
      }
      // The chain it is on comes first: dapps take the first chain of the session as the current one.
      const ordered = [chainId, ...supported.filter((id) => id !== chainId)].map(caip2);
      const namespaces = buildApprovedNamespaces({
        proposal: proposal.params,
        supportedNamespaces: {
          eip155: {
            chains: ordered,
            methods: [...WALLET_METHODS],
            events: [...WALLET_EVENTS],
            accounts: ordered.map((chain) => `${chain}:${account.address}`),
          },
        },
      });
      return within(kit.approveSession({ id: proposal.id, namespaces }), timeoutMs, 'approving the session');
    },

    async reject(proposal) {
      await within(kit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') }), timeoutMs, 'rejecting the session');
    },

    nextRequest: () => requests.next(timeoutMs, 'session request'),
    respond,
    rejectRequest,
    setAutoRespond(mode) {
      autoRespond = mode;
    },

    async emitAccountsChanged(next) {
      account = privateKeyToAccount(next.privateKey);
      await emitToSessions('accountsChanged');
    },
    async emitChainChanged(next) {
      if (!chains.has(next)) throw new Error(`WalletConnect test wallet: chain ${next} is not among its chains`);
      chainId = next;
      await emitToSessions('chainChanged');
    },
    sessions: activeSessions,
    nextSessionDelete: () => deletions.next(timeoutMs, 'session deletion by the dapp'),

    async disconnect(topic) {
      const topics = topic ? [topic] : activeSessions().map((session) => session.topic);
      for (const each of topics) {
        await within(kit.disconnectSession({ topic: each, reason: getSdkError('USER_DISCONNECTED') }), timeoutMs, 'disconnecting');
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      for (const inbox of [proposals, requests, deletions]) inbox.close('closed');
      await closeCore();
    },
  };
}
