// Test double for @cairn/walletconnect's client, for the core's unit tests of the pairing flow.
// The real client is tested against the real relay and a real wallet SDK in e2e/walletConnect.e2e.ts.
import type { RemoteProvider, RemoteProviderEvent, WalletConnectNamespaceRequest } from '../types.ts';
import type { WalletConnectClient, WalletConnectSessionInfo } from '../features/walletConnect/walletConnectClient.ts';
import type { WalletConnectPlugin } from '../features/walletConnect/walletConnectPlugin.ts';

type Listener = (...args: never[]) => void;

export interface ScriptedWalletConnect {
  client: WalletConnectClient;
  /** Every URI handed out, in order. */
  readonly uris: string[];
  /** The namespaces of the last proposal. */
  readonly proposed: Readonly<Record<string, WalletConnectNamespaceRequest>> | undefined;
  readonly disconnects: number;
  /** The wallet approves the open proposal with these CAIP-10 accounts. */
  approve(accounts?: string[]): void;
  reject(): void;
  expire(): void;
  /** The wallet ends the session. */
  endSession(): void;
  /** The wallet changes its session to these CAIP-10 accounts (`wc_sessionUpdate`). */
  updateSession(accounts: string[]): void;
  /** The open proposal fails for another reason than a decline or an expiry (the relay dropped it). */
  failPairing(message: string): void;
  /** The next disconnect fails, as with a relay that cannot be reached. */
  failNextDisconnect(error?: Error): void;
  /** A session that exists before the page starts (restored after a reload). */
  restoreSession(accounts?: string[]): void;
}

const ACCOUNT = 'eip155:1:0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266';

export function createScriptedWalletConnect(): ScriptedWalletConnect {
  let session: WalletConnectSessionInfo | undefined;
  let open: { resolve(session: WalletConnectSessionInfo): void; reject(error: unknown): void } | undefined;
  const uris: string[] = [];
  let proposed: Readonly<Record<string, WalletConnectNamespaceRequest>> | undefined;
  let disconnects = 0;
  let disconnectFailure: Error | undefined;
  const endListeners = new Set<() => void>();
  const updateListeners = new Set<(session: WalletConnectSessionInfo) => void>();
  const listeners = new Map<RemoteProviderEvent, Set<Listener>>();
  const makeSession = (accounts: string[]): WalletConnectSessionInfo => ({
    topic: 'f'.repeat(64),
    peer: { name: 'Scripted Wallet', url: 'https://wallet.example', icons: ['https://wallet.example/icon.png'] },
    accounts,
    expiry: 4_000_000_000,
  });
  const fail = (reason: string, message: string) => {
    const pending = open;
    open = undefined;
    pending?.reject(Object.assign(new Error(message), { reason }));
  };
  const provider: RemoteProvider = {
    request: async ({ method }) => {
      if (method === 'eth_accounts' || method === 'eth_requestAccounts') return session?.accounts.map((a) => a.split(':')[2]) ?? [];
      throw new Error(`not scripted: ${method}`);
    },
    on: (event, listener) => void (listeners.get(event) ?? listeners.set(event, new Set()).get(event)!).add(listener),
    removeListener: (event, listener) => void listeners.get(event)?.delete(listener),
  };
  return {
    uris,
    get proposed() {
      return proposed;
    },
    get disconnects() {
      return disconnects;
    },
    client: {
      session: () => session,
      connect({ namespaces, onUri }) {
        proposed = namespaces;
        const uri = `wc:${String(uris.length + 1).padStart(64, '0')}@2?relay-protocol=irn&symKey=${'a'.repeat(64)}`;
        uris.push(uri);
        return new Promise((resolve, reject) => {
          open = { resolve, reject };
          onUri(uri);
        });
      },
      disconnect: async () => {
        disconnects += 1;
        const failure = disconnectFailure;
        disconnectFailure = undefined;
        if (failure) throw failure;
        session = undefined;
      },
      provider: () => provider,
      onSessionEnd(listener) {
        endListeners.add(listener);
        return () => endListeners.delete(listener);
      },
      onSessionUpdate(listener) {
        updateListeners.add(listener);
        return () => updateListeners.delete(listener);
      },
    },
    approve(accounts = [ACCOUNT]) {
      session = makeSession(accounts);
      const pending = open;
      open = undefined;
      pending?.resolve(session);
    },
    failPairing: (message) => fail('failed', message),
    failNextDisconnect(error = new Error('The WalletConnect relay did not answer')) {
      disconnectFailure = error;
    },
    reject: () => fail('rejected', 'The wallet declined the connection'),
    expire: () => fail('expired', 'The QR code expired'),
    endSession() {
      session = undefined;
      for (const listener of [...(listeners.get('disconnect') ?? [])]) (listener as (error: unknown) => void)({ code: 4900 });
      for (const listener of [...endListeners]) listener();
    },
    updateSession(accounts) {
      session = makeSession(accounts);
      for (const listener of [...updateListeners]) listener(session);
    },
    restoreSession(accounts = [ACCOUNT]) {
      session = makeSession(accounts);
    },
  };
}

/**
 * The site's WalletConnect option as @cairn/walletconnect's walletConnect() makes it, starting this
 * test double (or failing to start, as when the protocol code cannot be fetched).
 */
export function scriptedWalletConnectPlugin(
  createClient: () => Promise<WalletConnectClient>,
  overrides: Partial<Omit<WalletConnectPlugin, 'createClient'>> = {},
): WalletConnectPlugin {
  return { kind: 'walletConnect', projectId: 'test', metadata: { name: 'Test site' }, telemetry: false, verify: false, basic: false, createClient, ...overrides };
}
