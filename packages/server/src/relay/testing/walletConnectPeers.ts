import { randomBytes } from 'node:crypto';
import { WalletKit, type WalletKitTypes } from '@reown/walletkit';
import { Core } from '@walletconnect/core';
import { SignClient } from '@walletconnect/sign-client';
import type { SignClientTypes } from '@walletconnect/types';
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils';
import { expect } from 'vitest';

const CHAIN = 'eip155:31337';
const ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const PROJECT_ID = 'cairn-local';

/** Resolves with the promise's value, or fails naming what did not happen within `ms`. */
export async function within<T>(promise: Promise<T>, what: string, ms = 15_000): Promise<T> {
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

export type WalletConnectPeers = { dapp: InstanceType<typeof SignClient>; wallet: InstanceType<typeof WalletKit> };

/** Stops the peers' heartbeats and sockets, so a test file ends. */
export async function closePeers(peers: Partial<WalletConnectPeers>): Promise<void> {
  for (const core of [peers.dapp?.core, peers.wallet?.core]) {
    if (!core) continue;
    core.heartbeat.stop();
    await core.relayer.transportClose().catch(() => {});
  }
}

/**
 * A stock sign-client dapp on `dappRelayUrl` and a WalletKit wallet on `walletRelayUrl` (the same
 * relay, or two replicas of it): pair, approve, a personal_sign request and its answer, and the
 * wallet's disconnect, each checked at the other side. `onPeers` gets the clients as soon as they
 * exist (to close them whatever happens).
 */
export async function pairSignAndDisconnect(dappRelayUrl: string, walletRelayUrl: string, onPeers: (peers: Partial<WalletConnectPeers>) => void): Promise<void> {
  const dapp = await SignClient.init({ ...clientOptions(dappRelayUrl, 'dapp'), metadata: metadata('Cairn test dapp', 'http://127.0.0.1:5173') });
  onPeers({ dapp });
  const walletCore = new Core(clientOptions(walletRelayUrl, 'wallet'));
  const wallet = await WalletKit.init({ core: walletCore, metadata: metadata('Cairn test wallet', 'http://127.0.0.1:24173') });
  onPeers({ dapp, wallet });

  const proposal = nextEvent<WalletKitTypes.SessionProposal>((listener) => wallet.once('session_proposal', listener));
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

  const request = nextEvent<WalletKitTypes.SessionRequest>((listener) => wallet.once('session_request', listener));
  const signature = `0x${'ab'.repeat(65)}`;
  const result = dapp.request<string>({ topic: session.topic, chainId: CHAIN, request: { method: 'personal_sign', params: ['0x48656c6c6f', ACCOUNT] } });
  const asked = await within(request, 'session_request at the wallet');
  expect(asked.params.request).toMatchObject({ method: 'personal_sign', params: ['0x48656c6c6f', ACCOUNT] });
  await within(wallet.respondSessionRequest({ topic: asked.topic, response: { id: asked.id, jsonrpc: '2.0', result: signature } }), 'respondSessionRequest');
  expect(await within(result, 'the dapp’s request result')).toBe(signature);

  const deleted = nextEvent<SignClientTypes.EventArguments['session_delete']>((listener) => dapp.once('session_delete', listener));
  await within(wallet.disconnectSession({ topic: session.topic, reason: getSdkError('USER_DISCONNECTED') }), 'disconnectSession');
  expect((await within(deleted, 'session_delete at the dapp')).topic).toBe(session.topic);
  expect(dapp.session.getAll()).toEqual([]);
}
