import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLoginApi } from '@cairn/core/internal';
import { startMailSink, type MailSink } from '@cairn/devnet/mail';
import { createServer, loadConfig } from '@cairn/server';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryDeviceStore } from '../custody/deviceStore.ts';
import type { FrameClient } from '../client/frameClient.ts';
import { FrameLogin } from '../login/frameLogin.ts';
import { memoryLoginTokenStore } from '../login/loginTokenStore.ts';
import { windowSocialAnswers } from '../login/socialAnswers.ts';
import { FRAME_REQUEST_NAMES, type FrameRequestName } from '../protocol/events.ts';
import type { MessageListenerTarget } from '../protocol/messaging.ts';
import { SPEC_APP_EVENTS } from '../protocol/specAppEvents.ts';
import { embeddedFrameClient } from '../testing/embeddedFrameClient.ts';
import { SMART_ACCOUNTS_OFF } from './accountTypeHandlers.ts';
import { frameHandlers, NOT_SIGNED_IN, type FramePageState } from './frameHandlers.ts';
import { FARCASTER_NOT_STARTED } from './loginHandlers.ts';

// SPEC §7: every app event is answered by its success or error event. The frame page's own handlers
// behind the real host and client, its login against the real server (e-mail over a real SMTP sink);
// the chain is a node that is not there, so only what the frame answers itself is asked of it.
let app: FastifyInstance;
let mailbox: MailSink;
let serverUrl: string;
/** The frame's own origin: its requests carry it, as a browser sends them (a Farcaster channel opens only from it). */
const FRAME_ORIGIN = 'https://frame.example';
const databasePath = join(tmpdir(), `cairn-frame-events-${process.pid}-${randomBytes(4).toString('hex')}.sqlite`);

beforeAll(async () => {
  mailbox = await startMailSink();
  // SIWX_DOMAINS: the site the frame serves here, whose Farcaster sign-in channels the server opens.
  app = await createServer(loadConfig({ SERVER_PORT: '0', DATABASE_URL: `sqlite:${databasePath}`, RPC_URL_31337: 'http://127.0.0.1:9', INDEXER_ENABLED: 'false', LOG_LEVEL: 'silent', SMTP_URL: mailbox.smtpUrl, SIWX_DOMAINS: 'site.example', FRAME_ORIGINS: FRAME_ORIGIN }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  serverUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await mailbox?.close();
  for (const file of [databasePath, `${databasePath}-wal`, `${databasePath}-shm`]) rmSync(file, { force: true });
});

function framePage() {
  const state: FramePageState = { chainId: 31337, themeMode: 'light' };
  const config = { allowedOrigins: ['https://site.example'], serverUrl, networks: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }] };
  const never = () => new Promise<never>(() => undefined);
  const login = new FrameLogin({
    api: createLoginApi(
      { url: serverUrl, projectId: 'cairn-local' },
      { fetch: (url, init) => fetch(url, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: FRAME_ORIGIN } }) },
    ),
    devices: memoryDeviceStore(),
    tokens: memoryLoginTokenStore(),
    prompts: { chooseFactor: never, askFactor: never, showExport: never, awaitApproval: never, manageDevices: never, confirmFarcaster: never },
    socialAnswers: windowSocialAnswers(new EventTarget() as EventTarget & MessageListenerTarget),
  });
  return frameHandlers(config, state, { applyTheme: () => undefined, reload: () => undefined }, { login, approvals: { ask: never } });
}

/** Each request as a site sends it, in the order a visitor meets them, and the event that answers it. */
const ASKED: Record<FrameRequestName, { payload: unknown; answer: { ok: unknown } | { error: string } }> = {
  SYNC_DAPP_DATA: { payload: { projectId: 'cairn-local', sdkType: 'cairn', sdkVersion: '0.1.0' }, answer: { ok: {} } },
  SYNC_THEME: { payload: { themeMode: 'dark' }, answer: { ok: {} } },
  GET_CHAIN_ID: { payload: {}, answer: { ok: { chainId: 31337 } } },
  SWITCH_NETWORK: { payload: { chainId: 31337 }, answer: { ok: { chainId: 31337 } } },
  IS_CONNECTED: { payload: {}, answer: { ok: { isConnected: false } } },
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: { payload: {}, answer: { ok: { smartAccountEnabledNetworks: [] } } },
  SET_PREFERRED_ACCOUNT: { payload: { type: 'smartAccount' }, answer: { error: SMART_ACCOUNTS_OFF } },
  CONNECT_EMAIL: { payload: { email: `events-${process.pid}@example.com` }, answer: { ok: { action: 'VERIFY_DEVICE' } } },
  CONNECT_DEVICE: { payload: {}, answer: { ok: {} } },
  CONNECT_OTP: { payload: { otp: '000000' }, answer: { error: 'Invalid code' } },
  GET_SOCIAL_REDIRECT_URI: { payload: { provider: 'google' }, answer: { error: 'Login with google is not set up on this server (SOCIAL_GOOGLE_CLIENT_ID)' } },
  CONNECT_SOCIAL: { payload: { provider: 'google' }, answer: { error: 'Open the provider first' } },
  CONNECT_FARCASTER: { payload: {}, answer: { error: FARCASTER_NOT_STARTED } },
  // The server's own relay (on by default on the devnet) opens a channel for the site: its sign-in link.
  GET_FARCASTER_URI: { payload: {}, answer: { ok: { uri: expect.stringMatching(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=[\w-]{43}&nonce=\w+&siweUri=https%3A%2F%2Fsite\.example%2F&domain=site\.example$/) } } },
  GET_USER: { payload: {}, answer: { error: NOT_SIGNED_IN } },
  RPC_REQUEST: { payload: { method: 'eth_accounts' }, answer: { ok: { result: [] } } },
  UPDATE_EMAIL: { payload: { email: `events-new-${process.pid}@example.com` }, answer: { error: NOT_SIGNED_IN } },
  UPDATE_EMAIL_PRIMARY_OTP: { payload: { otp: '000000' }, answer: { error: 'Ask for a code first' } },
  UPDATE_EMAIL_SECONDARY_OTP: { payload: { otp: '000000' }, answer: { error: 'Ask for a code first' } },
  EXPORT_WALLET: { payload: {}, answer: { error: NOT_SIGNED_IN } },
  MANAGE_DEVICES: { payload: {}, answer: { error: NOT_SIGNED_IN } },
  SIGN_OUT: { payload: {}, answer: { ok: {} } },
  RELOAD: { payload: {}, answer: { ok: {} } },
};

describe("SPEC §7's app events", () => {
  it('are all in the protocol table, each with a handler in the frame page', () => {
    const specEvents = Object.entries(SPEC_APP_EVENTS);
    expect(specEvents).toHaveLength(17);
    const handlers = framePage();
    for (const [event, names] of specEvents) {
      for (const name of names) {
        expect(FRAME_REQUEST_NAMES, event).toContain(name);
        expect(handlers[name], `${event}: ${name}`).toBeTypeOf('function');
      }
    }
    // And nothing in the table goes unanswered, SPEC's or the frame's own (the key export).
    expect(FRAME_REQUEST_NAMES.filter((name) => !handlers[name])).toEqual([]);
  });

  it('are each answered by their own success or error event, through the real channel', async () => {
    const client: FrameClient = embeddedFrameClient(framePage());
    try {
      const answers: Record<string, unknown> = {};
      for (const [name, { payload }] of Object.entries(ASKED)) {
        answers[name] = await client.request(name as FrameRequestName, payload as never).then(
          (ok) => ({ ok }),
          (error: Error) => ({ error: error.message }),
        );
      }
      expect(Object.keys(ASKED).sort()).toEqual([...FRAME_REQUEST_NAMES].sort());
      expect(answers).toEqual(Object.fromEntries(Object.entries(ASKED).map(([name, { answer }]) => [name, answer])));
    } finally {
      client.destroy();
    }
  }, 60_000);
});
