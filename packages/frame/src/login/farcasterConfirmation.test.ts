import { createWalletClient, viemConnector } from '@farcaster/auth-client';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLoginApi, type FarcasterCheck } from '@cairn/core/internal';
import { registerFarcasterId, registerFarcasterName, startDevnet, startLocalNameRegistry, type Devnet, type LocalNameRegistry } from '@cairn/devnet';
import { createServer, loadConfig } from '@cairn/server';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryDeviceStore } from '../custody/deviceStore.ts';
import { createRecoveryCode } from '../custody/recoveryCode.ts';
import type { MessageListenerTarget } from '../protocol/messaging.ts';
import { FRAME_LOGIN_ERRORS, FrameLogin } from './frameLogin.ts';
import { memoryLoginTokenStore } from './loginTokenStore.ts';
import { windowSocialAnswers } from './socialAnswers.ts';

// Login fixation on Farcaster (session 22), the frame and the real server together: the devnet's ID
// registry, the devnet's name registry, the server's relay, and the frame's login with its prompts
// answered as the visitor would.
const FRAME_ORIGIN = 'http://127.0.0.1:5174';
const SITE_ORIGIN = 'http://127.0.0.1:5173';
const RELAY_KEY = 'test-farcaster-relay-key-frame-0123';
const databasePath = join(tmpdir(), `cairn-frame-farcaster-${process.pid}-${randomBytes(4).toString('hex')}.sqlite`);
let devnet: Devnet;
let names: LocalNameRegistry;
let app: FastifyInstance;
let serverUrl: string;

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, port: 26445 }] });
  names = await startLocalNameRegistry();
  app = await createServer(
    loadConfig({
      DATABASE_URL: `sqlite:${databasePath}`,
      RPC_URL_31337: devnet.chains[0]!.rpcUrl,
      INDEXER_ENABLED: 'false',
      LOG_LEVEL: 'silent',
      SIWX_DOMAINS: new URL(SITE_ORIGIN).host,
      FRAME_ORIGINS: FRAME_ORIGIN,
      FARCASTER_RELAY_KEY: RELAY_KEY,
      FARCASTER_CHAIN_ID: '31337',
      FARCASTER_NAME_REGISTRY_URL: names.url,
      FARCASTER_NAME_REGISTRY_SIGNER: names.signer,
    }),
  );
  serverUrl = await app.listen({ port: 0, host: '127.0.0.1' });
}, 180_000);

afterAll(async () => {
  await app?.close();
  await names?.close();
  await devnet?.stop();
  for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) rmSync(file, { force: true });
});

/** An account as a Farcaster app makes one: an fid for a fresh custody key, and a name in the registry. */
async function farcasterAccount(name: string) {
  const custodyKey = generatePrivateKey();
  const fid = Number(await registerFarcasterId(devnet.chains[0]!.rpcUrl, custodyKey));
  await registerFarcasterName(names.url, custodyKey, fid, name);
  return { custodyKey, fid, name };
}

/** The holder of `custodyKey` answers the link's channel (he scanned the QR code) with his own fid. */
async function answers(url: string, account: { custodyKey: `0x${string}`; fid: number }, claimedName: string) {
  const app = createWalletClient({ relay: `${serverUrl}/farcaster`, ethereum: viemConnector({ rpcUrl: devnet.chains[0]!.rpcUrl }) });
  const { channelToken } = app.parseSignInURI({ uri: url }) as { channelToken: string };
  const params = new URL(url).searchParams;
  const custody = privateKeyToAccount(account.custodyKey);
  const built = app.buildSignInMessage({ address: custody.address, fid: account.fid, uri: params.get('siweUri')!, domain: params.get('domain')!, nonce: params.get('nonce')! });
  if (built.isError) throw built.error;
  const answer = await app.authenticate({ channelToken, authKey: RELAY_KEY, message: built.message, signature: await custody.signMessage({ message: built.message }), fid: account.fid, username: claimedName });
  expect(answer.data).toMatchObject({ state: 'completed', fid: account.fid });
}

describe("the frame's Farcaster login asks whose account answered (session 22)", () => {
  it("shows the attacker's name when he answers the visitor's QR code first; 'That is not me' logs nothing in, and the visitor starts again", async () => {
    const suffix = randomBytes(3).toString('hex');
    const visitor = await farcasterAccount(`vera${suffix}`);
    const attacker = await farcasterAccount(`mal${suffix}`);
    const shown: FarcasterCheck[] = [];
    let isVisitor = false;
    const tokens = memoryLoginTokenStore();
    const code = createRecoveryCode();
    const never = () => new Promise<never>(() => undefined);
    const login = new FrameLogin({
      api: createLoginApi({ url: serverUrl, projectId: 'cairn-local' }, { fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: FRAME_ORIGIN } }) }),
      devices: memoryDeviceStore(),
      tokens,
      prompts: {
        chooseFactor: async () => ({ kind: 'code', code }),
        askFactor: never,
        showExport: never,
        awaitApproval: never,
        manageDevices: never,
        // The visitor reads the name: theirs, they continue; another, they say it is not them.
        confirmFarcaster: vi.fn(async (account: FarcasterCheck) => {
          shown.push(account);
          return account.username === visitor.name && isVisitor;
        }),
      },
      socialAnswers: windowSocialAnswers(new EventTarget() as EventTarget & MessageListenerTarget),
      farcasterPollMs: 50,
    });

    const first = await login.startFarcaster(SITE_ORIGIN);
    // He saw the QR code (the link) and holds the relay key: his own account answers, claiming the visitor's name.
    await answers(first.url, attacker, visitor.name);
    await expect(first.finish()).rejects.toThrow(FRAME_LOGIN_ERRORS.farcasterNotYou);
    expect(shown).toEqual([{ fid: attacker.fid, username: attacker.name, name: 'verified' }]);
    expect([tokens.get(), login.loggedInUser, login.account]).toEqual([undefined, undefined, undefined]);

    // The visitor starts again, and their own app answers.
    isVisitor = true;
    const second = await login.startFarcaster(SITE_ORIGIN);
    await answers(second.url, visitor, visitor.name);
    const signer = await second.finish();
    expect(shown.at(-1)).toMatchObject({ fid: visitor.fid, username: visitor.name, name: 'verified' });
    expect(signer.address).toBe(login.account?.address);
    expect(login.loggedInUser).toMatchObject({ provider: 'farcaster', username: visitor.name });
    expect(tokens.get()).toMatch(/\S{20,}/);
  }, 120_000);
});
