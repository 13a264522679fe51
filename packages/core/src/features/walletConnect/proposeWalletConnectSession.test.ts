import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadCairnActions } from '../../loadCairnActions.ts';
import { createTestCairn } from '../../testing/fakeAdapter.ts';
import { createScriptedWalletConnect, scriptedWalletConnectPlugin } from '../../testing/scriptedWalletConnect.ts';
import type { WalletConnectClient, WalletConnectSignInTerms } from './walletConnectClient.ts';

// The sign-in backend's nonce route on loopback, holding each answer until the test lets it go:
// the window in which a second attempt overtakes the first (session 26's dead QR code).
let server: Server;
let url: string;
let heldNonces: { nonce: string; response: ServerResponse<IncomingMessage> }[];

beforeEach(async () => {
  heldNonces = [];
  server = createServer((request, response) => {
    if (new URL(request.url!, 'http://x').pathname !== '/auth/v1/nonce') {
      response.writeHead(404).end();
      return;
    }
    heldNonces.push({ nonce: `nonce${String(heldNonces.length + 1).padStart(11, '0')}`, response });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  vi.stubGlobal('location', { host: 'shop.example', origin: 'https://shop.example' });
});
afterEach(async () => {
  vi.unstubAllGlobals();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function answerNonce(index: number) {
  const held = heldNonces[index]!;
  held.response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ nonce: held.nonce }));
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let turn = 0; turn < 400; turn++) {
    if (condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** The scripted wallet, able to take a one-click proposal (`wc_sessionAuthenticate`); it connects without signing in. */
function authenticatingWallet() {
  const scripted = createScriptedWalletConnect();
  const authenticated: WalletConnectSignInTerms[] = [];
  const client: WalletConnectClient = {
    ...scripted.client,
    async authenticate({ namespaces, signIn, onUri }) {
      authenticated.push(signIn);
      return { session: await scripted.client.connect({ namespaces, onUri }) };
    },
  };
  return { scripted, client, authenticated };
}

describe('proposeWalletConnectSession', () => {
  it('proposes nothing for an attempt overtaken while it waited for its sign-in nonce: only the newer one reaches the wallet and its URI is shown', async () => {
    const wallet = authenticatingWallet();
    const { cairn } = createTestCairn({
      api: { url, projectId: 'p' },
      siwx: { required: false, statement: 'Welcome' },
      walletConnect: scriptedWalletConnectPlugin(async () => wallet.client),
    });
    await cairn.ready;
    await loadCairnActions();
    cairn.open();

    let firstSettled = false;
    const first = cairn.connectWalletConnect().finally(() => (firstSettled = true));
    await until(() => heldNonces.length === 1, "the first attempt's nonce request");
    const second = cairn.connectWalletConnect();
    await until(() => heldNonces.length === 2, "the second attempt's nonce request");

    // The first attempt's nonce arrives after the second attempt began: it must not propose.
    answerNonce(0);
    await until(() => firstSettled || wallet.authenticated.length > 0, 'the first attempt to end or propose');
    expect(wallet.authenticated).toEqual([]);
    await expect(first).resolves.toBe(false);
    expect(wallet.scripted.uris).toEqual([]);

    answerNonce(1);
    await until(() => wallet.scripted.uris.length === 1, "the second attempt's proposal");
    expect(wallet.authenticated.map((terms) => terms.nonce)).toEqual([heldNonces[1]!.nonce]);
    expect(cairn.stores.walletConnect.get()).toMatchObject({ status: 'waiting', uri: wallet.scripted.uris[0] });

    wallet.scripted.approve();
    await expect(second).resolves.toBe(true);
    expect(cairn.stores.account().get()).toMatchObject({ status: 'connected', connectorId: 'walletConnect' });
  });
});
