import { Core } from '@walletconnect/core';
import { SignClient } from '@walletconnect/sign-client';
import type { SessionTypes } from '@walletconnect/types';
import { UniversalProvider } from '@walletconnect/universal-provider';
import { Buffer } from 'buffer';
import { keepOnSelfHostedRelay } from './keepOnSelfHostedRelay.ts';
import type {
  NamespaceRequest,
  RemoteProvider,
  RemoteProviderEvent,
  WalletConnectClient,
  WalletConnectClientOptions,
  WalletConnectSessionInfo,
} from './types.ts';
import { PairingError, toPairingError, toProviderError } from './walletConnectErrors.ts';

// SPEC §9: the default log level is 'error'.
const LOG_LEVEL = 'error';
// SPEC §9: JSON-RPC timeout 10000 ms. The URI exists only once the relay took the proposal.
export const RELAY_TIMEOUT_MS = 10_000;
export const RELAY_TIMEOUT_MESSAGE = 'The WalletConnect relay did not answer';
export const ONE_CLICK_EIP155_ONLY = 'One-click sign-in asks for eip155 chains only';

type Listener = (...args: never[]) => void;

// The sign client encodes and reads the one-click sign-in's ReCap with Node's Buffer, which a
// browser lacks; this chunk (loaded only when WalletConnect is picked) brings it.
(globalThis as { Buffer?: unknown }).Buffer ??= Buffer;

function sessionInfo(session: SessionTypes.Struct): WalletConnectSessionInfo {
  const { metadata } = session.peer;
  return {
    topic: session.topic,
    peer: { name: metadata.name, url: metadata.url, icons: metadata.icons ?? [] },
    accounts: Object.values(session.namespaces).flatMap((namespace) => namespace.accounts),
    expiry: session.expiry,
  };
}

/**
 * One WalletConnect sign client for the page, wrapped in the small surface Cairn needs. The
 * universal provider keeps the session in the browser's storage, so a reload finds it again
 * without a new QR code.
 */
export async function createWalletConnectClient(options: WalletConnectClientOptions): Promise<WalletConnectClient> {
  const core = new Core({
    projectId: options.projectId,
    ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
    customStoragePrefix: options.storagePrefix ?? 'cairn',
    telemetryEnabled: options.telemetry,
    logger: LOG_LEVEL,
  });
  if (options.verify !== true) keepOnSelfHostedRelay(core);
  const { metadata } = options;
  const client = await SignClient.init({
    core,
    logger: LOG_LEVEL,
    metadata: {
      name: metadata.name,
      description: metadata.description ?? metadata.name,
      url: metadata.url ?? (typeof location === 'undefined' ? '' : location.origin),
      icons: [...(metadata.icons ?? [])],
    },
  });
  const provider = await UniversalProvider.init({ client, logger: LOG_LEVEL, disableProviderPing: true });

  const providerListeners = new Map<string, Map<RemoteProviderEvent, Set<Listener>>>();
  const sessionEndListeners = new Set<() => void>();
  const sessionUpdateListeners = new Set<(session: WalletConnectSessionInfo) => void>();
  const emit = (namespace: string, event: RemoteProviderEvent, ...args: unknown[]) => {
    for (const listener of [...(providerListeners.get(namespace)?.get(event) ?? [])]) (listener as (...a: unknown[]) => void)(...args);
  };
  const namespacesInSession = () => Object.keys(provider.session?.namespaces ?? {});

  // The universal provider reports chain and account changes without a namespace; only the
  // eip155 namespace has these events today, so they go to its provider.
  provider.on('chainChanged', (chainId: string | number) => emit('eip155', 'chainChanged', String(chainId)));
  provider.on('accountsChanged', (accounts: string[]) => emit('eip155', 'accountsChanged', accounts));
  // The provider has already taken the wallet's new namespaces into its session when it emits this.
  provider.on('session_update', () => {
    if (!provider.session) return;
    const session = sessionInfo(provider.session);
    for (const listener of [...sessionUpdateListeners]) listener(session);
  });
  provider.on('session_delete', () => {
    for (const namespace of providerListeners.keys()) emit(namespace, 'disconnect', { code: 4900, message: 'The wallet ended the session' });
    for (const listener of [...sessionEndListeners]) listener();
  });

  const chainFor = (namespace: string): string | undefined => {
    const chains = provider.namespaces?.[namespace]?.defaultChain;
    return chains ? `${namespace}:${chains}` : provider.session?.namespaces[namespace]?.chains?.[0];
  };

  /** An HTTP RPC URL per chain the site asks for: reads go to the site's nodes. */
  const optionalNamespaces = (namespaces: Readonly<Record<string, NamespaceRequest>>) =>
    Object.fromEntries(
      Object.entries(namespaces).map(([name, request]) => [
        name,
        {
          chains: [...request.chains],
          methods: [...request.methods],
          events: [...request.events],
          rpcMap: Object.fromEntries(
            request.chains.flatMap((chain) => (options.rpcMap[chain] ? [[chain.split(':')[1]!, options.rpcMap[chain]!]] : [])),
          ),
        },
      ]),
    );

  // universal-provider announces a proposal's URI by an event that names no proposal, and keeps one
  // sign-in key for the page: two proposals in flight at once would each hear the other's URI, and
  // the QR code could show the older one, whose answer the page can no longer read (a remounted view
  // starting a second attempt while the first still waited for its sign-in nonce did this). So
  // proposals take turns until each has its URI (or has failed): the URI heard is always its own.
  let uriTurn: Promise<void> = Promise.resolve();

  /** Runs one proposal: its URI goes to `onUri`; an unreachable relay (no URI in time) or a refusal becomes a PairingError. */
  async function pairing<T>(onUri: (uri: string) => void, propose: () => Promise<T>): Promise<T> {
    const previous = uriTurn;
    let endTurn!: () => void;
    uriTurn = new Promise<void>((resolve) => (endTurn = resolve));
    await previous;
    // An unreachable relay leaves the sign client waiting without end: give up when no URI came in time.
    let relayTimer: ReturnType<typeof setTimeout> | undefined;
    const relaySilent = new Promise<never>((_, reject) => {
      relayTimer = setTimeout(() => reject(new PairingError('failed', RELAY_TIMEOUT_MESSAGE)), options.relayTimeoutMs ?? RELAY_TIMEOUT_MS);
    });
    const onDisplayUri = (uri: string) => {
      provider.removeListener('display_uri', onDisplayUri);
      clearTimeout(relayTimer);
      endTurn();
      onUri(uri);
    };
    provider.on('display_uri', onDisplayUri);
    try {
      return await Promise.race([propose(), relaySilent]);
    } catch (error) {
      throw toPairingError(error);
    } finally {
      clearTimeout(relayTimer);
      provider.removeListener('display_uri', onDisplayUri);
      endTurn();
    }
  }

  return {
    session: () => (provider.session ? sessionInfo(provider.session) : undefined),

    async connect({ namespaces, onUri }) {
      return pairing(onUri, async () => {
        const session = await provider.connect({ optionalNamespaces: optionalNamespaces(namespaces) });
        if (!session) throw new Error('The wallet returned no session');
        return sessionInfo(session);
      });
    },

    async authenticate({ namespaces, signIn, onUri }) {
      const eip155 = namespaces.eip155;
      // SPEC §5: universal-provider's authenticate works only when every chain is eip155.
      if (!eip155 || Object.keys(namespaces).length !== 1) throw new PairingError('failed', ONE_CLICK_EIP155_ONLY);
      return pairing(onUri, async () => {
        const request: Parameters<typeof provider.authenticate>[0] & { optionalNamespaces: ReturnType<typeof optionalNamespaces> } = {
          // Not in the parameter's type, but read by the provider: the rpcMap keeps reads on the site's nodes.
          optionalNamespaces: optionalNamespaces(namespaces),
          chains: [...eip155.chains],
          // The methods go in the sign-in's ReCap: the wallet's session grants what it signed.
          methods: [...eip155.methods],
          domain: signIn.domain,
          uri: signIn.uri,
          nonce: signIn.nonce,
          ...(signIn.statement !== undefined ? { statement: signIn.statement } : {}),
          exp: signIn.expirationTime,
        };
        const { session, auths } = await provider.authenticate(request);
        if (!session) throw new Error('The wallet returned no session');
        const cacao = auths?.[0];
        if (!cacao) return { session: sessionInfo(session) };
        const message = client.formatAuthMessage({ request: cacao.p, iss: cacao.p.iss });
        return { session: sessionInfo(session), signIn: { message, signature: cacao.s.s, account: cacao.p.iss.replace(/^did:pkh:/, '') } };
      });
    },

    async disconnect() {
      if (!provider.session) return;
      await provider.disconnect();
    },

    provider(namespace): RemoteProvider {
      return {
        async request(args) {
          if (!namespacesInSession().includes(namespace)) throw new Error(`The WalletConnect session has no ${namespace} accounts`);
          try {
            return await provider.request({ method: args.method, params: args.params as object | undefined }, chainFor(namespace));
          } catch (error) {
            throw toProviderError(error);
          }
        },
        on(event, listener) {
          const byEvent = providerListeners.get(namespace) ?? new Map<RemoteProviderEvent, Set<Listener>>();
          providerListeners.set(namespace, byEvent);
          const set = byEvent.get(event) ?? new Set<Listener>();
          byEvent.set(event, set);
          set.add(listener);
        },
        removeListener(event, listener) {
          providerListeners.get(namespace)?.get(event)?.delete(listener);
        },
      };
    },

    onSessionEnd(listener) {
      sessionEndListeners.add(listener);
      return () => sessionEndListeners.delete(listener);
    },

    onSessionUpdate(listener) {
      sessionUpdateListeners.add(listener);
      return () => sessionUpdateListeners.delete(listener);
    },
  };
}
