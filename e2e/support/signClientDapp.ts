import { SignClient } from '@walletconnect/sign-client';
import { caip2, relayCore, WALLET_EVENTS, WALLET_METHODS, within, type WalletConnectLogLevel } from './walletConnectRelay.ts';

export interface SignClientDappOptions {
  relayUrl: string;
  /** The name the wallet shows for this dapp. Default 'Cairn e2e Dapp'. */
  name?: string;
  timeoutMs?: number;
  /** Its pino log level. Default 'silent', as the wallet's. */
  logLevel?: WalletConnectLogLevel;
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
