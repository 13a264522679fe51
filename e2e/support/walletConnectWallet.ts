import { randomUUID } from 'node:crypto';
import { Core } from '@walletconnect/core';
import { SignClient } from '@walletconnect/sign-client';
import type { SessionTypes, SignClientTypes } from '@walletconnect/types';
import { buildApprovedNamespaces, buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils';
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
import { keepOnSelfHostedRelay } from '@cairn/walletconnect/client';
import { toTransactionRequest } from '../../apps/demo/src/wallet/performRequest.ts';

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

export const WALLET_METHODS = [
  'personal_sign',
  'eth_sendTransaction',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'eth_signTransaction',
] as const;
export const WALLET_EVENTS = ['chainChanged', 'accountsChanged'] as const;

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
  logLevel?: 'silent' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
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

/** Events that arrive before a test asks for them wait here; an ask waits (bounded) for the next one. */
class Inbox<T> {
  private readonly items: T[] = [];
  private readonly waiters = new Set<{ resolve(item: T): void; reject(error: Error): void }>();

  push(item: T) {
    const [waiter] = this.waiters;
    if (!waiter) return void this.items.push(item);
    this.waiters.delete(waiter);
    waiter.resolve(item);
  }

  next(timeoutMs: number, what: string): Promise<T> {
    if (this.items.length > 0) return Promise.resolve(this.items.shift()!);
    return new Promise<T>((resolve, reject) => {
      const waiter = {
        resolve: (item: T) => {
          clearTimeout(timer);
          resolve(item);
        },
        reject: (error: Error) => {
          clearTimeout(timer);
          reject(error);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`WalletConnect test wallet: no ${what} within ${timeoutMs / 1000} s`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }

  close(reason: string) {
    for (const waiter of this.waiters) waiter.reject(new Error(`WalletConnect test wallet: ${reason}`));
    this.waiters.clear();
  }
}

function within<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`WalletConnect test wallet: ${what} took longer than ${timeoutMs / 1000} s`)), timeoutMs);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * A WalletConnect Core of its own on the local relay: a unique storage prefix (WalletConnect shares
 * one core per prefix in a process) in memory, so no wallet or dapp sees another's (or a past
 * run's) state; kept on the relay (no Verify, no telemetry).
 */
function relayCore(role: 'wallet' | 'dapp', relayUrl: string, logLevel: string | undefined, timeoutMs: number) {
  const core = new Core({
    projectId: 'cairn-e2e',
    relayUrl,
    customStoragePrefix: `cairn-e2e-${role}-${randomUUID()}`,
    storageOptions: { database: ':memory:' },
    telemetryEnabled: false,
    logger: logLevel ?? 'silent',
  });
  keepOnSelfHostedRelay(core);
  const closeCore = async () => {
    core.heartbeat.stop();
    await within(core.relayer.transportClose(), timeoutMs, 'closing the relay connection').catch(() => undefined);
  };
  return { core, closeCore };
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`WalletConnect test wallet: ${what} took longer than ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const caip2 = (chainId: number) => `eip155:${chainId}`;
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


export interface SignClientDappOptions {
  relayUrl: string;
  /** The name the wallet shows for this dapp. Default 'Cairn e2e Dapp'. */
  name?: string;
  timeoutMs?: number;
  /** Its pino log level. Default 'silent', as the wallet's. */
  logLevel?: WalletConnectWalletOptions['logLevel'];
}

/**
 * The other end, for tests of the wallets themselves: a plain `@walletconnect/sign-client` dapp
 * in the test process, kept on the relay like the wallet (no Verify, no telemetry).
 */
export async function createSignClientDapp(options: SignClientDappOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const { core, closeCore } = relayCore('dapp', options.relayUrl, options.logLevel, timeoutMs);
  const name = options.name ?? 'Cairn e2e Dapp';
  const client = await within(
    SignClient.init({ core, logger: options.logLevel ?? 'silent', metadata: { name, description: `${name}, in the e2e test process`, url: 'http://127.0.0.1:24173', icons: [] } }),
    timeoutMs,
    'starting the sign client',
  );
  return {
    client,
    /**
     * Proposes a session for these chains with WALLET_METHODS and WALLET_EVENTS (optional
     * namespaces, as Cairn asks). `approved` settles when the wallet answers.
     */
    async propose(chainIds: readonly number[]) {
      const { uri, approval } = await within(
        client.connect({ optionalNamespaces: { eip155: { chains: chainIds.map(caip2), methods: [...WALLET_METHODS], events: [...WALLET_EVENTS] } } }),
        timeoutMs,
        'creating the pairing URI',
      );
      if (!uri) throw new Error('The sign client returned no pairing URI');
      const approved = within(approval(), timeoutMs, "the wallet's answer to the proposal");
      approved.catch(() => undefined); // a test that expects a rejection awaits it itself
      return { uri, approved };
    },
    /** Sends one JSON-RPC request over the session, answered by the wallet (bounded). */
    request<T = unknown>(topic: string, chainId: number, method: string, params: unknown): Promise<T> {
      return within(client.request<T>({ topic, chainId: caip2(chainId), request: { method, params } }), timeoutMs, `the wallet's answer to ${method}`);
    },
    /** Resolves with the next session event (chainChanged, accountsChanged) the wallet emits. */
    nextEvent: () =>
      within(
        new Promise<{ name: string; data: unknown; chainId: string }>((resolve) =>
          client.once('session_event', ({ params }) => resolve({ ...params.event, chainId: params.chainId })),
        ),
        timeoutMs,
        'a session event from the wallet',
      ),
    /** Resolves when the wallet ends a session. */
    nextSessionDelete: () =>
      within(new Promise<{ topic: string }>((resolve) => client.once('session_delete', ({ topic }) => resolve({ topic }))), timeoutMs, 'the wallet ending the session'),
    async close() {
      await closeCore();
    },
  };
}

export type SignClientDapp = Awaited<ReturnType<typeof createSignClientDapp>>;


export type AuthenticateRequest = SignClientTypes.EventArguments['session_authenticate'];

export interface AuthenticatingWalletOptions {
  relayUrl: string;
  /** Chains it signs in on: chain id → HTTP RPC URL (only the ids matter: it signs, it does not send). */
  chains: Readonly<Record<number, string>>;
  account?: TestAccount;
  timeoutMs?: number;
  logLevel?: WalletConnectWalletOptions['logLevel'];
}

/**
 * A wallet that answers WalletConnect's one-click authenticate (`wc_sessionAuthenticate`): a
 * plain `@walletconnect/sign-client` with a `session_authenticate` listener, so it takes the
 * sign-in request and leaves the session proposal sent beside it unanswered. Approving signs the
 * EIP-4361 message (a CACAO) with its devnet account: one approval, a session and a sign-in.
 */
export async function createAuthenticatingWallet(options: AuthenticatingWalletOptions) {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const account = privateKeyToAccount((options.account ?? TEST_ACCOUNTS[0]!).privateKey);
  const supported = Object.keys(options.chains).map((id) => caip2(Number(id)));
  const { core, closeCore } = relayCore('wallet', options.relayUrl, options.logLevel, timeoutMs);
  const client = await within(
    SignClient.init({
      core,
      logger: options.logLevel ?? 'silent',
      metadata: { name: 'Cairn e2e SignClient Wallet', description: 'A sign client wallet in the e2e test process', url: 'http://127.0.0.1', icons: [] },
    }),
    timeoutMs,
    'starting the sign client',
  );
  const authRequests = new Inbox<AuthenticateRequest>();
  client.on('session_authenticate', (request) => authRequests.push(request));
  return {
    address: account.address,
    client,
    async pair(uri: string) {
      await within(client.core.pairing.pair({ uri }), timeoutMs, 'pairing');
    },
    nextAuthRequest: () => authRequests.next(timeoutMs, 'authenticate request'),
    /** Proposals it received (it answers none: a wallet that authenticates ignores the fallback). */
    proposalCount: () => client.proposal.getAll().length,
    /** Signs the sign-in on the first requested chain it supports; resolves with the signed EIP-4361 text. */
    async approve(request: AuthenticateRequest): Promise<string> {
      const payload = populateAuthPayload({ authPayload: request.params.authPayload, chains: supported, methods: [...WALLET_METHODS] });
      const chain = request.params.authPayload.chains.find((each) => supported.includes(each));
      if (!chain) throw new Error('WalletConnect test wallet: none of the requested chains is among its chains');
      const iss = `did:pkh:${chain}:${account.address}`;
      const message = client.formatAuthMessage({ request: payload, iss });
      const signature = await account.signMessage({ message });
      await within(
        client.approveSessionAuthenticate({ id: request.id, auths: [buildAuthObject(payload, { t: 'eip191', s: signature }, iss)] }),
        timeoutMs,
        'approving the authenticate request',
      );
      return message;
    },
    async reject(request: AuthenticateRequest) {
      await within(client.rejectSessionAuthenticate({ id: request.id, reason: getSdkError('USER_REJECTED') }), timeoutMs, 'rejecting the authenticate request');
    },
    sessions: () => client.session.getAll(),
    async close() {
      authRequests.close('closed');
      await closeCore();
    },
  };
}

export type AuthenticatingWallet = Awaited<ReturnType<typeof createAuthenticatingWallet>>;
