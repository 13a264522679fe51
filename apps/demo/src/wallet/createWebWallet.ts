import { WalletKit, type IWalletKit, type WalletKitTypes } from '@reown/walletkit';
import { keepOnSelfHostedRelay } from '@cairn/walletconnect/client';
import { Core } from '@walletconnect/core';
import type { SessionTypes } from '@walletconnect/types';
import { buildApprovedNamespaces, buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils';
import { Buffer } from 'buffer';
import { devnetAccounts } from './devnetAccounts.ts';
import { performRequest, UNRECOGNIZED_CHAIN, WalletRequestError, type WalletChain } from './performRequest.ts';

export type SessionProposal = WalletKitTypes.SessionProposal;
export type SessionRequest = WalletKitTypes.SessionRequest;
/** A site asking to connect and sign in with one approval (wc_sessionAuthenticate). */
export type SignInRequest = WalletKitTypes.SessionAuthenticate;

// WalletConnect's sign-in (its ReCap) is read with Node's Buffer, which a browser lacks.
(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

export const WALLET_METHODS = ['personal_sign', 'eth_sendTransaction', 'eth_signTypedData_v4', 'wallet_switchEthereumChain', 'eth_signTransaction'];
export const WALLET_EVENTS = ['chainChanged', 'accountsChanged'];

export interface WebWalletState {
  status: 'starting' | 'ready' | 'failed';
  /** Index into devnetAccounts(). */
  accountIndex: number;
  chainId: number;
  pairing: boolean;
  /** Proposals waiting for Approve / Reject, oldest first. */
  proposals: readonly SessionProposal[];
  /** Requests waiting for Approve / Reject, oldest first. */
  requests: readonly SessionRequest[];
  /** Sign-ins (connect and sign in at once) waiting for Approve / Reject, oldest first. */
  signIns: readonly SignInRequest[];
  sessions: readonly SessionTypes.Struct[];
  /** The last thing that went wrong, in words for the page. */
  error: string | undefined;
}

export interface WebWalletConfig {
  relayUrl: string;
  chains: readonly WalletChain[];
  /** Where the selected account and chain survive a reload. */
  storage?: Storage;
}

export interface WebWallet {
  getState(): WebWalletState;
  subscribe(listener: () => void): () => void;
  pair(uri: string): Promise<void>;
  approve(proposal: SessionProposal): Promise<void>;
  reject(proposal: SessionProposal): Promise<void>;
  /** Signs the site's sign-in message with the selected account: the site is connected and signed in. */
  approveSignIn(request: SignInRequest): Promise<void>;
  rejectSignIn(request: SignInRequest): Promise<void>;
  /** Performs the request (signs, sends) and answers the dapp with the result. */
  respond(request: SessionRequest): Promise<void>;
  rejectRequest(request: SessionRequest): Promise<void>;
  disconnect(topic: string): Promise<void>;
  /** Selects an account and tells every session (accountsChanged). */
  switchAccount(index: number): Promise<void>;
  /** Selects a chain and tells every session (chainChanged). */
  switchChain(chainId: number): Promise<void>;
  dismissError(): void;
}

const SELECTION_KEY = 'cairn-demo-wallet:selection';
const ACK_TIMEOUT_MS = 10_000;
const caip2 = (chainId: number) => `eip155:${chainId}`;

function readSelection(storage: Storage | undefined, chains: readonly WalletChain[]) {
  const fallback = { accountIndex: 0, chainId: chains[0]!.chainId };
  try {
    const saved: unknown = JSON.parse(storage?.getItem(SELECTION_KEY) ?? 'null');
    if (typeof saved !== 'object' || saved === null) return fallback;
    const { accountIndex, chainId } = saved as Record<string, unknown>;
    return {
      accountIndex: Number.isInteger(accountIndex) && (accountIndex as number) >= 0 && (accountIndex as number) < devnetAccounts().length ? (accountIndex as number) : 0,
      chainId: chains.some((chain) => chain.chainId === chainId) ? (chainId as number) : fallback.chainId,
    };
  } catch {
    return fallback; // a corrupted value is dropped, never trusted
  }
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The demo's web wallet: WalletKit in the browser, on the local server's relay, holding the
 * devnet's public test accounts. Framework-free; the React page renders its state and calls these
 * actions. Nothing leaves 127.0.0.1: the Verify API is replaced and telemetry is off.
 */
export function createWebWallet(config: WebWalletConfig): WebWallet {
  const { chains } = config;
  if (chains.length === 0) throw new Error('The web wallet needs at least one chain');
  let state: WebWalletState = {
    status: 'starting',
    ...readSelection(config.storage, chains),
    pairing: false,
    proposals: [],
    requests: [],
    signIns: [],
    sessions: [],
    error: undefined,
  };
  const listeners = new Set<() => void>();
  const setState = (patch: Partial<WebWalletState>) => {
    state = { ...state, ...patch };
    for (const listener of [...listeners]) listener();
  };
  const account = () => devnetAccounts()[state.accountIndex]!;
  const saveSelection = () => config.storage?.setItem(SELECTION_KEY, JSON.stringify({ accountIndex: state.accountIndex, chainId: state.chainId }));

  // Its own storage prefix: the demo site on the same origin keeps its dapp sessions under 'cairn'.
  const core = new Core({
    projectId: 'cairn-local',
    relayUrl: config.relayUrl,
    customStoragePrefix: 'cairn-demo-wallet',
    telemetryEnabled: false,
    logger: 'error',
  });
  keepOnSelfHostedRelay(core);

  const kitReady: Promise<IWalletKit> = WalletKit.init({
    core,
    metadata: {
      name: 'Cairn Web Wallet',
      description: 'The Cairn demo’s devnet wallet',
      url: location.origin,
      icons: [],
    },
  });

  const refresh = (kit: IWalletKit) =>
    setState({
      sessions: Object.values(kit.getActiveSessions()),
      proposals: state.proposals.filter((p) => Object.values(kit.getPendingSessionProposals()).some((pending) => pending.id === p.id)),
    });

  kitReady.then(
    (kit) => {
      kit.on('session_proposal', (proposal) => setState({ proposals: [...state.proposals, proposal] }));
      kit.on('session_request', (request) => {
        // A request waiting from before a reload is also re-emitted by WalletKit once it starts.
        if (!state.requests.some((r) => r.id === request.id)) setState({ requests: [...state.requests, request] });
      });
      kit.on('session_authenticate', (request) => setState({ signIns: [...state.signIns, request] }));
      kit.on('session_delete', () => refresh(kit));
      kit.on('proposal_expire', ({ id }) => setState({ proposals: state.proposals.filter((p) => p.id !== id) }));
      kit.on('session_request_expire', ({ id }) => setState({ requests: state.requests.filter((r) => r.id !== id) }));
      // Requests that arrived while the page was closed are still waiting for an answer.
      const waiting = kit.getPendingSessionRequests().map(
        (pending): SessionRequest => ({
          id: pending.id,
          topic: pending.topic,
          params: pending.params,
          verifyContext: pending.verifyContext,
        }),
      );
      const fresh = state.requests.filter((r) => !waiting.some((w) => w.id === r.id));
      setState({ status: 'ready', sessions: Object.values(kit.getActiveSessions()), requests: [...waiting, ...fresh] });
    },
    (error: unknown) => setState({ status: 'failed', error: `The wallet could not start: ${messageOf(error)}` }),
  );

  /** Answers a waiting proposal or sign-in: it leaves the page's list whatever the answer. */
  async function answerWaiting(list: 'proposals' | 'signIns', id: number, action: () => Promise<unknown>) {
    try {
      await action();
    } finally {
      setState({ [list]: (state[list] as readonly { id: number }[]).filter((item) => item.id !== id) });
    }
  }

  /** Runs an action; a failure shows on the page instead of throwing into a click handler. */
  async function act(action: (kit: IWalletKit) => Promise<void>) {
    try {
      const kit = await kitReady;
      await action(kit);
    } catch (error) {
      setState({ error: messageOf(error) });
    }
  }

  /**
   * Sign-client 2.25's `acknowledged()` misses an acknowledgement that arrives before
   * updateSession has returned (frequent on a local relay), so the wallet's own request history
   * tells instead: no wc_sessionUpdate on the topic is still unanswered.
   */
  async function updateAcknowledged(topic: string) {
    const deadline = Date.now() + ACK_TIMEOUT_MS;
    const waiting = () => core.history.values.some((r) => r.topic === topic && r.request.method === 'wc_sessionUpdate' && r.response === undefined);
    while (waiting()) {
      if (Date.now() > deadline) throw new Error('The site did not acknowledge the session update');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  /** Adds the selected account and chain to a session that lacks them (session update). */
  async function coverInSession(kit: IWalletKit, session: SessionTypes.Struct) {
    const namespace = session.namespaces.eip155;
    if (!namespace) return;
    const current = namespace.chains ?? [...new Set(namespace.accounts.map((a) => a.split(':').slice(0, 2).join(':')))];
    const nextChains = current.includes(caip2(state.chainId)) ? current : [...current, caip2(state.chainId)];
    const wanted = nextChains.map((chain) => `${chain}:${account().address}`);
    if (nextChains.length === current.length && wanted.every((a) => namespace.accounts.includes(a))) return;
    await kit.updateSession({
      topic: session.topic,
      namespaces: { ...session.namespaces, eip155: { ...namespace, chains: nextChains, accounts: [...wanted, ...namespace.accounts.filter((a) => !wanted.includes(a))] } },
    });
    await updateAcknowledged(session.topic);
  }

  async function tellSessions(kit: IWalletKit, event: 'chainChanged' | 'accountsChanged') {
    for (const session of Object.values(kit.getActiveSessions())) {
      await coverInSession(kit, session);
      await kit.emitSessionEvent({
        topic: session.topic,
        chainId: caip2(state.chainId),
        event: event === 'chainChanged' ? { name: event, data: state.chainId } : { name: event, data: [account().address] },
      });
    }
    refresh(kit);
  }

  async function answer(kit: IWalletKit, request: SessionRequest, response: { result: unknown } | { error: { code: number; message: string } }) {
    await kit.respondSessionRequest({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', ...response } });
    setState({ requests: state.requests.filter((r) => r.id !== request.id) });
  }

  async function selectChain(kit: IWalletKit, chainId: number) {
    if (!chains.some((chain) => chain.chainId === chainId)) throw new WalletRequestError(UNRECOGNIZED_CHAIN, `Unrecognized chain ID ${chainId}`);
    setState({ chainId });
    saveSelection();
    await tellSessions(kit, 'chainChanged');
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    pair: (uri) =>
      act(async (kit) => {
        const trimmed = uri.trim();
        if (!trimmed.startsWith('wc:')) throw new Error('A WalletConnect URI starts with "wc:"');
        setState({ pairing: true, error: undefined });
        try {
          await kit.pair({ uri: trimmed });
        } finally {
          setState({ pairing: false });
        }
      }),

    approve: (proposal) =>
      act(async (kit) => {
        // The selected chain first: dapps take the session's first chain as the current one.
        const ordered = [state.chainId, ...chains.map((c) => c.chainId).filter((id) => id !== state.chainId)].map(caip2);
        const namespaces = buildApprovedNamespaces({
          proposal: proposal.params,
          supportedNamespaces: {
            eip155: { chains: ordered, methods: WALLET_METHODS, events: WALLET_EVENTS, accounts: ordered.map((chain) => `${chain}:${account().address}`) },
          },
        });
        await answerWaiting('proposals', proposal.id, () => kit.approveSession({ id: proposal.id, namespaces }));
        refresh(kit);
      }),

    reject: (proposal) =>
      act((kit) => answerWaiting('proposals', proposal.id, () => kit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') }))),

    approveSignIn: (request) =>
      act(async (kit) => {
        const supported = chains.map((chain) => caip2(chain.chainId));
        const payload = populateAuthPayload({ authPayload: request.params.authPayload, chains: supported, methods: WALLET_METHODS });
        // It signs in on the first chain the site named that it holds (the site's own network first).
        const chain = request.params.authPayload.chains.find((each) => supported.includes(each));
        await answerWaiting('signIns', request.id, async () => {
          if (!chain) throw new Error('None of the networks the site asks for is a devnet network');
          const iss = `did:pkh:${chain}:${account().address}`;
          const message = kit.formatAuthMessage({ request: payload, iss });
          const signature = await account().signMessage({ message });
          await kit.approveSessionAuthenticate({ id: request.id, auths: [buildAuthObject(payload, { t: 'eip191', s: signature }, iss)] });
        });
        refresh(kit);
      }),

    rejectSignIn: (request) =>
      act((kit) => answerWaiting('signIns', request.id, () => kit.rejectSessionAuthenticate({ id: request.id, reason: getSdkError('USER_REJECTED') }))),

    respond: (request) =>
      act(async (kit) => {
        const { method, params } = request.params.request;
        try {
          if (method === 'wallet_switchEthereumChain') {
            const [{ chainId }] = params as [{ chainId: string }];
            await selectChain(kit, Number(chainId));
            return await answer(kit, request, { result: null });
          }
          const chain = chains.find((c) => caip2(c.chainId) === request.params.chainId);
          const result = await performRequest(method, params, account(), chain);
          await answer(kit, request, { result });
        } catch (error) {
          // The site learns why; the page shows it too.
          const code = error instanceof WalletRequestError ? error.code : -32603;
          await answer(kit, request, { error: { code, message: messageOf(error) } });
          throw error;
        }
      }),

    rejectRequest: (request) => act((kit) => answer(kit, request, { error: getSdkError('USER_REJECTED') })),

    disconnect: (topic) =>
      act(async (kit) => {
        await kit.disconnectSession({ topic, reason: getSdkError('USER_DISCONNECTED') });
        refresh(kit);
      }),

    switchAccount: (index) =>
      act(async (kit) => {
        if (!devnetAccounts()[index]) throw new Error(`There is no devnet account ${index}`);
        setState({ accountIndex: index });
        saveSelection();
        await tellSessions(kit, 'accountsChanged');
      }),

    switchChain: (chainId) => act((kit) => selectChain(kit, chainId)),

    dismissError: () => setState({ error: undefined }),
  };
}
