import { randomBytes } from 'node:crypto';
import { WalletKit, type WalletKitTypes } from '@reown/walletkit';
import { Core } from '@walletconnect/core';
import { SignClient } from '@walletconnect/sign-client';
import type { SignClientTypes } from '@walletconnect/types';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockOutboundConnections } from './testing/blockOutboundConnections.ts';
import { startRelayServer, type RelayServer } from './testing/startRelayServer.ts';

const CHAIN = 'eip155:31337';
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PROJECT_ID = 'cairn-local';

/** Resolves with the promise's value, or fails naming what did not happen within `ms`. */
async function within<T>(promise: Promise<T>, what: string, ms = 15_000): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms waiting for ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

function nextEvent<T>(subscribe: (listener: (event: T) => void) => void): Promise<T> {
  return new Promise((resolve) => subscribe(resolve));
}

/**
 * The clients' options that keep them on the local relay, offline (see README "WalletConnect
 * relay"): relayUrl, telemetryEnabled false, and a customStoragePrefix of their own: core keeps
 * one Core per prefix on globalThis, so two clients in one process need two prefixes (storage in
 * Node is already a private in-memory store per Core).
 */
function clientOptions(relayUrl: string, name: string) {
  return { projectId: PROJECT_ID, relayUrl, customStoragePrefix: `${name}-${randomBytes(4).toString('hex')}`, telemetryEnabled: false, logger: 'silent' };
}

const metadata = (name: string, url: string) => ({ name, description: `${name} (relay test)`, url, icons: [] });

describe('real WalletConnect clients through the relay', () => {
  let server: RelayServer;
  let network: ReturnType<typeof blockOutboundConnections>;
  let dapp: InstanceType<typeof SignClient> | undefined;
  let wallet: InstanceType<typeof WalletKit> | undefined;

  beforeAll(async () => {
    network = blockOutboundConnections();
    server = await startRelayServer();
  });

  afterAll(async () => {
    for (const core of [dapp?.core, wallet?.core]) {
      if (!core) continue;
      core.heartbeat.stop();
      await core.relayer.transportClose().catch(() => {});
    }
    await server?.close();
    network?.restore();
  });

  it('pair, approve, request and disconnect: a sign-client dapp and a WalletKit wallet', async () => {
    dapp = await SignClient.init({ ...clientOptions(server.url, 'dapp'), metadata: metadata('Cairn test dapp', 'http://127.0.0.1:5173') });
    const walletCore = new Core(clientOptions(server.url, 'wallet'));
    wallet = await WalletKit.init({ core: walletCore, metadata: metadata('Cairn test wallet', 'http://127.0.0.1:24173') });

    const proposal = nextEvent<WalletKitTypes.SessionProposal>((listener) => wallet!.once('session_proposal', listener));
    const { uri, approval } = await within(
      dapp.connect({ optionalNamespaces: { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'] } } }),
      'connect() to publish the proposal',
    );
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/);
    await within(wallet.pair({ uri: uri! }), 'the wallet to pair');
    const { id, params } = await within(proposal, 'session_proposal at the wallet');
    expect(params.proposer.metadata.name).toBe('Cairn test dapp');

    const namespaces = buildApprovedNamespaces({
      proposal: params,
      supportedNamespaces: { eip155: { chains: [CHAIN], methods: ['personal_sign'], events: ['accountsChanged', 'chainChanged'], accounts: [`${CHAIN}:${ACCOUNT}`] } },
    });
    const walletSession = await within(wallet.approveSession({ id, namespaces }), 'approveSession');
    const session = await within(approval(), 'the dapp’s session');
    expect(session.topic).toBe(walletSession.topic);
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${ACCOUNT}`]);
    expect(session.peer.metadata.name).toBe('Cairn test wallet');

    const request = nextEvent<WalletKitTypes.SessionRequest>((listener) => wallet!.once('session_request', listener));
    const signature = `0x${'ab'.repeat(65)}`;
    const result = dapp.request<string>({ topic: session.topic, chainId: CHAIN, request: { method: 'personal_sign', params: ['0x48656c6c6f', ACCOUNT] } });
    const asked = await within(request, 'session_request at the wallet');
    expect(asked.params.request).toMatchObject({ method: 'personal_sign', params: ['0x48656c6c6f', ACCOUNT] });
    await within(wallet.respondSessionRequest({ topic: asked.topic, response: { id: asked.id, jsonrpc: '2.0', result: signature } }), 'respondSessionRequest');
    expect(await within(result, 'the dapp’s request result')).toBe(signature);

    const deleted = nextEvent<SignClientTypes.EventArguments['session_delete']>((listener) => dapp!.once('session_delete', listener));
    await within(wallet.disconnectSession({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') }), 'disconnectSession');
    expect((await within(deleted, 'session_delete at the dapp')).topic).toBe(session.topic);
    expect(dapp.session.getAll()).toEqual([]);

    // Nothing left 127.0.0.1. These are stock SDK clients, as a third-party dapp or wallet brings
    // them (no keepOnSelfHostedRelay), so they do try the two calls home no SDK option turns off
    // in 2.25 (README): WalletKit's INIT event to pulse.walletconnect.org (sent whatever
    // telemetryEnabled says) and the wallet's Verify lookup of each request at
    // verify.walletconnect.org; both are refused above before any DNS query.
    const knownCallsHome = /^https:\/\/(pulse\.walletconnect\.org\/batch|verify\.walletconnect\.org\/attestation\/[0-9a-f]{64})$/;
    expect(network.attempts.filter((attempt) => attempt.via !== 'fetch' || !knownCallsHome.test(attempt.target))).toEqual([]);
  });
});
