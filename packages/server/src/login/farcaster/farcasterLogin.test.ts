import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client';
import { registerFarcasterId } from '@cairn/devnet';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from '../../createServer.ts';
import { createTestDatabase, type TestDatabase } from '../../testing/testDatabases.ts';
import { useTestDevnet } from '../../testing/testDevnet.ts';
import { ACCESS_QUERY, testConfig } from '../../testing/testServer.ts';
import { FARCASTER_ERRORS } from './farcasterErrors.ts';
import { FARCASTER_RELAY_PATH } from './farcasterRoutes.ts';

// Sign In With Farcaster through the server's own relay (issue 27), on the real devnet: the ID
// registry's code at its OP Mainnet address on chain 31337, a test-side Farcaster wallet app
// (@farcaster/auth-client's wallet client, the test's custody key registered in that registry), and
// the app side as a site's frame would run it (@farcaster/auth-client's app client on the relay).
const devnet = useTestDevnet({ 31337: 28145, 31338: 28146 });
const RELAY_KEY = 'test-farcaster-relay-key-0123456789';
// The site the frame signs in for: one of the server's SIWX_DOMAINS (the default's demo site).
const SITE = { siweUri: 'http://127.0.0.1:5173/', domain: '127.0.0.1:5173' };

let database: TestDatabase;
let app: FastifyInstance;
let relay: string;

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  const chains = devnet.devnet().chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl }));
  app = await createServer(testConfig(database.config, chains, { INDEXER_ENABLED: 'false', FARCASTER_RELAY_KEY: RELAY_KEY, FARCASTER_CHAIN_ID: '31337' }));
  relay = `${await app.listen({ port: 0, host: '127.0.0.1' })}${FARCASTER_RELAY_PATH}`;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const rpcUrl = () => devnet.chain(31337).rpcUrl;
const complete = (channelToken: string) => app.inject({ method: 'POST', url: `/auth/v1/farcaster/complete?${ACCESS_QUERY}`, payload: { channelToken } });

/** A Farcaster wallet app holding `custodyKey`: opens the link, signs the channel's message for `fid`, answers the relay. */
async function walletAppSigns(url: string, custodyKey: `0x${string}`, fid: number, relayKey = RELAY_KEY) {
  const wallet = createWalletClient({ relay, ethereum: viemConnector({ rpcUrl: rpcUrl() }) });
  const { channelToken } = wallet.parseSignInURI({ uri: url }) as { channelToken: string };
  const params = new URL(url).searchParams;
  const custody = privateKeyToAccount(custodyKey);
  const built = wallet.buildSignInMessage({ address: custody.address, fid, uri: params.get('siweUri')!, domain: params.get('domain')!, nonce: params.get('nonce')! });
  if (built.isError) throw built.error;
  const signature = await custody.signMessage({ message: built.message });
  return wallet.authenticate({ channelToken, authKey: relayKey, message: built.message, signature, fid, username: 'trail' });
}

async function openChannel() {
  const site = createAppClient({ relay, ethereum: viemConnector({ rpcUrl: rpcUrl() }) });
  const channel = await site.createChannel(SITE);
  if (channel.isError) throw channel.error;
  return { site, ...channel.data };
}

describe('Sign In With Farcaster through the local relay', () => {
  it("logs in the fid whose registered custody key signed, once; the channel tells the site it is signed", async () => {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
    const { site, channelToken, url, nonce } = await openChannel();
    expect(new URL(url).searchParams.get('nonce')).toBe(nonce);
    expect((await site.status({ channelToken })).data?.state).toBe('pending');
    expect((await complete(channelToken)).json()).toMatchObject({ message: FARCASTER_ERRORS.pending });

    const answered = await walletAppSigns(url, custodyKey, fid);
    expect(answered.isError).toBe(false);
    const status = await site.status({ channelToken });
    expect(status.data).toMatchObject({ state: 'completed', fid, username: 'trail', nonce });
    // The site checks it as any Sign In With Farcaster app does, against the devnet's registry.
    const checked = await site.verifySignInMessage({ nonce, domain: SITE.domain, message: status.data!.message!, signature: status.data!.signature!, acceptAuthAddress: false });
    expect([checked.isError, checked.fid]).toEqual([false, fid]);

    const login = await complete(channelToken);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ fid, user: { provider: 'farcaster', email: null } });
    expect(login.json().token).toMatch(/\S{20,}/);
    // Used once: the channel is gone.
    expect([(await complete(channelToken)).statusCode]).toEqual([404]);

    // The same fid again is the same user.
    const again = await openChannel();
    await walletAppSigns(again.url, custodyKey, fid);
    expect((await complete(again.channelToken)).json().user.id).toBe(login.json().user.id);
  });

  it('refuses a signature by a key that is not the custody address of the fid, and an fid no one registered', async () => {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));

    const forged = await openChannel();
    await walletAppSigns(forged.url, generatePrivateKey(), fid);
    const refused = await complete(forged.channelToken);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().message).toMatch(new RegExp(`^${FARCASTER_ERRORS.refused('')}.*does not own fid ${fid}`));

    const unregistered = await openChannel();
    await walletAppSigns(unregistered.url, generatePrivateKey(), fid + 1_000_000);
    expect((await complete(unregistered.channelToken)).statusCode).toBe(401);
  });

  it('takes an answer only with the relay key, once, and only for an open channel', async () => {
    const custodyKey = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), custodyKey));
    const { site, url, channelToken } = await openChannel();
    // The client hands back the relay's answer whatever its status: the refusal's text, and the channel still waiting.
    expect((await walletAppSigns(url, custodyKey, fid, 'not-the-relay-key-at-all')).data).toMatchObject({ message: FARCASTER_ERRORS.relayKey });
    expect((await site.status({ channelToken })).data?.state).toBe('pending');
    expect((await walletAppSigns(url, custodyKey, fid)).data).toMatchObject({ state: 'completed', fid });
    const twice = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel/authenticate`, headers: { authorization: `Bearer ${channelToken}`, 'x-farcaster-auth-relay-key': RELAY_KEY }, payload: { message: 'x', signature: '0x00', fid } });
    expect([twice.statusCode, twice.json().message]).toEqual([409, FARCASTER_ERRORS.answered]);
    const unknown = await app.inject({ method: 'GET', url: `${FARCASTER_RELAY_PATH}/v1/channel/status`, headers: { authorization: `Bearer ${'A'.repeat(43)}` } });
    expect(unknown.statusCode).toBe(401);
    const bad = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, payload: { siweUri: 'javascript:alert(1)', domain: SITE.domain } });
    expect(bad.statusCode).toBe(400);
  });

  it("opens no channel for a site that is not the server's own (another site, or its URI on another origin)", async () => {
    // Else a site of the attacker's own could have its visitor sign in to it with Farcaster, then
    // complete the login here with the channel's token and hold that visitor's embedded wallet.
    for (const foreign of [
      { siweUri: 'https://evil.example/', domain: 'evil.example' },
      { siweUri: 'https://evil.example/', domain: SITE.domain },
    ]) {
      const refused = await app.inject({ method: 'POST', url: `${FARCASTER_RELAY_PATH}/v1/channel`, payload: foreign });
      expect([refused.statusCode, refused.json().message]).toEqual([400, FARCASTER_ERRORS.siteNotAccepted(foreign.domain)]);
    }
  });
});
