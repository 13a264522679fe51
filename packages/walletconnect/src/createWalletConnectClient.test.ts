import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { blockOutboundConnections, startRelayServer, type RelayServer } from '@cairn/server/testing';
import { recoverMessageAddress } from 'viem';
import { createAuthenticatingWallet } from '../../../e2e/support/authenticatingWallet.ts';
import { createWalletConnectWallet, type WalletConnectWallet } from '../../../e2e/support/walletConnectWallet.ts';
import { createWalletConnectClient, ONE_CLICK_EIP155_ONLY, RELAY_TIMEOUT_MESSAGE } from './createWalletConnectClient.ts';
import type { WalletConnectClient } from './types.ts';
import { PairingError } from './walletConnectErrors.ts';

// The client against the server's real relay and a real wallet SDK (@reown/walletkit), in Node.

const namespaces = { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: ['chainChanged', 'accountsChanged'] } };
const dapp = (relayUrl: string, extra: { relayTimeoutMs?: number } = {}) =>
  createWalletConnectClient({
    projectId: 'cairn-test',
    relayUrl,
    metadata: { name: 'Client test', url: 'http://127.0.0.1' },
    telemetry: false,
    rpcMap: { 'eip155:31337': 'http://127.0.0.1:9' },
    storagePrefix: `cairn-test-${randomUUID()}`,
    ...extra,
  });

/** Proposes a session from the client and has the wallet approve it. */
async function pair(client: WalletConnectClient, wallet: WalletConnectWallet) {
  let uri = '';
  const session = client.connect({ namespaces, onUri: (value) => (uri = value) });
  await expect.poll(() => uri, { timeout: 10_000 }).toMatch(/^wc:/);
  await wallet.pair(uri);
  await wallet.approve(await wallet.nextProposal());
  return session;
}

let relay: RelayServer;
beforeAll(async () => {
  relay = await startRelayServer();
});
afterAll(() => relay?.close());

describe('createWalletConnectClient', () => {
  it('pairs with a WalletKit wallet, reads its accounts, hears it end the session, reaching nothing but 127.0.0.1', async () => {
    const network = blockOutboundConnections();
    onTestFinished(() => network.restore());
    const client = await dapp(relay.url);
    const wallet = await createWalletConnectWallet({ relayUrl: relay.url, chains: { 31337: 'http://127.0.0.1:9' }, account: TEST_ACCOUNTS[2]! });
    try {
      const info = await pair(client, wallet);
      expect(info.peer.name).toBe('Cairn e2e Wallet');
      expect(info.accounts).toEqual([`eip155:31337:${TEST_ACCOUNTS[2]!.address}`]);
      expect(client.session()?.topic).toBe(info.topic);
      await expect(client.provider('eip155').request({ method: 'eth_accounts' })).resolves.toEqual([TEST_ACCOUNTS[2]!.address]);
      await expect(client.provider('solana').request({ method: 'getAccounts' })).rejects.toThrow('The WalletConnect session has no solana accounts');

      let ended = false;
      client.onSessionEnd(() => (ended = true));
      await wallet.disconnect();
      await expect.poll(() => ended, { timeout: 10_000 }).toBe(true);
      expect(client.session()).toBeUndefined();
      // keepOnSelfHostedRelay on both sides: no Verify, no INIT event, no RPC outside rpcMap.
      expect(network.attempts).toEqual([]);
    } finally {
      await wallet.close();
    }
  });

  it('hears the wallet change its session: a chain dropped, then one added (wc_sessionUpdate)', async () => {
    const client = await dapp(relay.url);
    const chains = { 31337: 'http://127.0.0.1:9', 31338: 'http://127.0.0.1:9' };
    const wallet = await createWalletConnectWallet({ relayUrl: relay.url, chains, account: TEST_ACCOUNTS[2]! });
    const account = (chainId: number) => `eip155:${chainId}:${TEST_ACCOUNTS[2]!.address}`;
    try {
      let uri = '';
      const both = { eip155: { ...namespaces.eip155, chains: ['eip155:31337', 'eip155:31338'] } };
      const connected = client.connect({ namespaces: both, onUri: (value) => (uri = value) });
      await expect.poll(() => uri, { timeout: 10_000 }).toMatch(/^wc:/);
      await wallet.pair(uri);
      await wallet.approve(await wallet.nextProposal());
      expect((await connected).accounts).toEqual([account(31337), account(31338)]);

      const updates: string[][] = [];
      client.onSessionUpdate((session) => updates.push([...session.accounts]));
      const [session] = wallet.sessions();
      const eip155 = session!.namespaces.eip155!;
      await wallet.kit.updateSession({
        topic: session!.topic,
        namespaces: { eip155: { ...eip155, chains: ['eip155:31337'], accounts: [account(31337)] } },
      });
      await expect.poll(() => updates.at(-1), { timeout: 10_000 }).toEqual([account(31337)]);
      expect(client.session()?.accounts).toEqual([account(31337)]);

      // The wallet moves to a chain the session lacks: it adds it first (the test wallet's own session update).
      await wallet.emitChainChanged(31338);
      await expect.poll(() => updates.at(-1), { timeout: 10_000 }).toEqual(expect.arrayContaining([account(31337), account(31338)]));
      expect(client.session()?.accounts).toEqual(expect.arrayContaining([account(31337), account(31338)]));
    } finally {
      await wallet.close();
    }
  });

  it('rejects a request the wallet declines with EIP-1193’s 4001', async () => {
    const client = await dapp(relay.url);
    const wallet = await createWalletConnectWallet({ relayUrl: relay.url, chains: { 31337: 'http://127.0.0.1:9' }, account: TEST_ACCOUNTS[2]! });
    try {
      await pair(client, wallet);
      const signing = client.provider('eip155').request({ method: 'personal_sign', params: ['0x48656c6c6f', TEST_ACCOUNTS[2]!.address] });
      signing.catch(() => undefined); // awaited below, after the wallet answers
      await wallet.rejectRequest(await wallet.nextRequest()); // WalletConnect's USER_REJECTED, code 5000
      await expect(signing).rejects.toMatchObject({ code: 4001, message: 'User rejected.' });
    } finally {
      await wallet.close();
    }
  });

  const signInTerms = { domain: 'shop.example', uri: 'https://shop.example', nonce: 'n0nce1234567', statement: 'Sign in to the shop', expirationTime: '2100-01-01T00:00:00.000Z' };

  it('connects and signs in with one approval from a wallet that authenticates (wc_sessionAuthenticate)', async () => {
    const client = await dapp(relay.url);
    const wallet = await createAuthenticatingWallet({ relayUrl: relay.url, chains: { 31337: 'http://127.0.0.1:9' }, account: TEST_ACCOUNTS[2]! });
    try {
      let uri = '';
      const result = client.authenticate({ namespaces, signIn: signInTerms, onUri: (value) => (uri = value) });
      await expect.poll(() => uri, { timeout: 10_000 }).toMatch(/^wc:/);
      await wallet.pair(uri);
      const signed = await wallet.approve(await wallet.nextAuthRequest());
      const { session, signIn } = await result;
      expect(session.accounts).toEqual([`eip155:31337:${TEST_ACCOUNTS[2]!.address}`]);
      expect(signIn).toBeDefined();
      expect(signIn!.account).toBe(`eip155:31337:${TEST_ACCOUNTS[2]!.address}`);
      // The dapp rebuilds the very text the wallet signed: an EIP-4361 message with the site's terms.
      expect(signIn!.message).toBe(signed);
      expect(signIn!.message).toMatch(/^shop\.example wants you to sign in with your Ethereum account:\n0x/);
      expect(signIn!.message).toContain('Nonce: n0nce1234567');
      expect(signIn!.message).toContain('Expiration Time: 2100-01-01T00:00:00.000Z');
      await expect(recoverMessageAddress({ message: signIn!.message, signature: signIn!.signature as `0x${string}` })).resolves.toBe(TEST_ACCOUNTS[2]!.address);
      // The session it granted carries the methods the site asked for.
      await expect(client.provider('eip155').request({ method: 'eth_accounts' })).resolves.toEqual([TEST_ACCOUNTS[2]!.address]);
    } finally {
      await wallet.close();
    }
  });

  it('gives each of two overlapping proposals its own URI only: the wallet answering the one shown signs in (session 26)', async () => {
    // A remounted Connecting view once started a second attempt while the first was still on its
    // way: both heard both URIs, the QR showed the first, and the page could not read its answer.
    const client = await dapp(relay.url);
    const wallet = await createAuthenticatingWallet({ relayUrl: relay.url, chains: { 31337: 'http://127.0.0.1:9' }, account: TEST_ACCOUNTS[2]! });
    try {
      const first: string[] = [];
      const second: string[] = [];
      const older = client.authenticate({ namespaces, signIn: signInTerms, onUri: (value) => first.push(value) });
      older.catch(() => undefined); // never answered: the wallet sees only the newer URI
      const newer = client.authenticate({ namespaces, signIn: { ...signInTerms, nonce: 'n0nce7654321' }, onUri: (value) => second.push(value) });
      await expect.poll(() => second.length, { timeout: 10_000 }).toBe(1);
      expect(first).toHaveLength(1);
      expect(second[0]).not.toBe(first[0]);
      await wallet.pair(second[0]!);
      const request = await wallet.nextAuthRequest();
      expect(request.params.authPayload.nonce).toBe('n0nce7654321');
      await wallet.approve(request);
      const { signIn } = await newer;
      expect(signIn!.message).toContain('Nonce: n0nce7654321');
      expect(first).toHaveLength(1);
      expect(second).toHaveLength(1);
    } finally {
      await wallet.close();
    }
  });

  it('falls back to the session proposal with a wallet that cannot authenticate: a session, no sign-in', async () => {
    const client = await dapp(relay.url);
    const wallet = await createWalletConnectWallet({ relayUrl: relay.url, chains: { 31337: 'http://127.0.0.1:9' }, account: TEST_ACCOUNTS[2]! });
    try {
      let uri = '';
      const result = client.authenticate({ namespaces, signIn: signInTerms, onUri: (value) => (uri = value) });
      await expect.poll(() => uri, { timeout: 10_000 }).toMatch(/^wc:/);
      await wallet.pair(uri);
      await wallet.approve(await wallet.nextProposal());
      const { session, signIn } = await result;
      expect(session.accounts).toEqual([`eip155:31337:${TEST_ACCOUNTS[2]!.address}`]);
      expect(signIn).toBeUndefined();
    } finally {
      await wallet.close();
    }
  });

  it('declined authenticate reads as a declined connection; non-eip155 namespaces are refused', async () => {
    const client = await dapp(relay.url);
    const wallet = await createAuthenticatingWallet({ relayUrl: relay.url, chains: { 31337: 'http://127.0.0.1:9' } });
    try {
      let uri = '';
      const result = client.authenticate({ namespaces, signIn: signInTerms, onUri: (value) => (uri = value) });
      result.catch(() => undefined);
      await expect.poll(() => uri, { timeout: 10_000 }).toMatch(/^wc:/);
      await wallet.pair(uri);
      await wallet.reject(await wallet.nextAuthRequest());
      await expect(result).rejects.toMatchObject({ reason: 'rejected', code: 4001 });
    } finally {
      await wallet.close();
    }
    const solana = { ...namespaces, solana: { chains: ['solana:localnet'], methods: [], events: [] } };
    await expect(client.authenticate({ namespaces: solana, signIn: signInTerms, onUri: () => undefined })).rejects.toThrow(ONE_CLICK_EIP155_ONLY);
  });

  it('gives up with a clear reason when the relay does not answer', async () => {
    const client = await dapp('ws://127.0.0.1:9/relay', { relayTimeoutMs: 500 });
    const attempt = client.connect({ namespaces, onUri: () => undefined });
    await expect(attempt).rejects.toBeInstanceOf(PairingError);
    await expect(attempt).rejects.toMatchObject({ reason: 'failed', message: RELAY_TIMEOUT_MESSAGE });
  });
});
