import { buildSiweMessage } from '@cairn/core/siwx';
import { startMailSink, type MailSink } from '@cairn/devnet/mail';
import type { FastifyInstance } from 'fastify';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ERRORS } from '../auth/authErrors.ts';
import { createServer } from '../createServer.ts';
import { openDatabase, type Db } from '../db/database.ts';
import { postJson, requestLoginCode } from '../testing/emailLogin.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { get, testConfig } from '../testing/testServer.ts';
import { CODE_ATTEMPTS } from './emailCodeStore.ts';
import { SocialFlowStore } from './socialFlowStore.ts';
import { WalletStore } from './walletStore.ts';

// Issue 25, "Consistency": what may be used once is used once, however many replicas race for it.
// Two replicas, each with its own connections to the one database, as two processes would be.
const NO_CHAINS = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
const SITE = '127.0.0.1:5173';
/** Sign-ins on PostgreSQL (the replicas' database); SQLite, one process's file, gets a tenth. */
const SIGN_INS = { postgres: 1000, sqlite: 100 };
/** Of them, replayed at the same moment to the other replica. */
const REPLAYED = 0.1;
const CODE_TRIES = 100;
/** Presentations of one social flow, or answers to one device challenge, racing on both replicas' connections. */
const RACERS = 50;
const LOGIN_SECRET = new Uint8Array(32).fill(7);

let mailbox: MailSink;
beforeAll(async () => {
  mailbox = await startMailSink();
});
afterAll(() => mailbox?.close());

describe.each(await testDatabaseKinds())('used once across replicas on $name', ({ name, skip }) => {
  let database: TestDatabase;
  const connections: Db[] = [];
  const replicas: FastifyInstance[] = [];

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    for (let i = 0; i < 2; i++) {
      const db = await openDatabase(database.config);
      connections.push(db);
      const app = await createServer(testConfig(database.config, NO_CHAINS, { INDEXER_ENABLED: 'false', SMTP_URL: mailbox.smtpUrl }), { db });
      await app.ready();
      replicas.push(app);
    }
  }, 60_000);
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    for (const db of connections) await db.destroy();
    await database?.drop();
  });

  it.skipIf(skip)(`accepts each of ${SIGN_INS[name]} concurrent sign-ins' nonces once, though a tenth are replayed to the other replica at once`, async () => {
    const [a, b] = replicas as [FastifyInstance, FastifyInstance];
    const count = SIGN_INS[name];
    const nonces = await Promise.all(Array.from({ length: count }, async (_, index) => (await get(index % 2 ? a : b, '/auth/v1/nonce')).json().nonce as string));
    expect(new Set(nonces).size).toBe(count);
    const signed = await Promise.all(
      nonces.map(async (nonce) => {
        const account = privateKeyToAccount(generatePrivateKey());
        const message = buildSiweMessage({ domain: SITE, address: account.address, uri: `http://${SITE}`, version: '1', chainId: 31337, nonce, issuedAt: new Date().toISOString() });
        return { nonce, message, signature: await account.signMessage({ message }) };
      }),
    );
    // Each message to one replica; every tenth also to the other, at the same moment.
    const sends = signed.flatMap((sign, index) => [{ sign, replica: index % 2 ? a : b }, ...(index % (1 / REPLAYED) === 0 ? [{ sign, replica: index % 2 ? b : a }] : [])]);
    const answers = await Promise.all(sends.map(async ({ sign: { nonce, message, signature }, replica }) => ({ nonce, response: await postJson(replica, '/auth/v1/authenticate', { message, signature }) })));
    const accepted = answers.filter(({ response }) => response.statusCode === 200);
    expect(accepted).toHaveLength(count);
    expect(new Set(accepted.map(({ nonce }) => nonce)).size).toBe(count);
    const refused = answers.filter(({ response }) => response.statusCode !== 200);
    expect(refused.map(({ response }) => response.json().message)).toEqual(Array(count * REPLAYED).fill(AUTH_ERRORS.nonceUnknownOrUsed));
  }, 180_000);

  it.skipIf(skip)(`counts at most ${CODE_ATTEMPTS} of ${CODE_TRIES} wrong codes tried at once on both replicas, then refuses the right one`, async () => {
    const email = `racer-${name}-${process.pid}@example.com`;
    const { attemptId, code } = await requestLoginCode(replicas[0]!, mailbox, email);
    const wrong = code === '000000' ? '000001' : '000000';
    const answers = await Promise.all(Array.from({ length: CODE_TRIES }, (_, index) => postJson(replicas[index % 2]!, '/auth/v1/email/verify', { email, attemptId, code: wrong })));
    expect(answers.every((response) => response.statusCode === 401)).toBe(true);
    const [row] = await connections[0]!.selectFrom('email_attempts').select(['failed_attempts']).where('email', '=', email).execute();
    expect(row?.failed_attempts).toBe(CODE_ATTEMPTS);
    // Burnt: the right code no longer opens it.
    expect((await postJson(replicas[1]!, '/auth/v1/email/verify', { email, attemptId, code })).statusCode).toBe(401);
  });

  it.skipIf(skip)(`logs in once with a right code sent ${CODE_TRIES} times at once to both replicas`, async () => {
    const email = `twin-${name}-${process.pid}@example.com`;
    const { attemptId, code } = await requestLoginCode(replicas[1]!, mailbox, email);
    const answers = await Promise.all(Array.from({ length: CODE_TRIES }, (_, index) => postJson(replicas[index % 2]!, '/auth/v1/email/verify', { email, attemptId, code })));
    expect(answers.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((response) => response.statusCode === 401)).toHaveLength(CODE_TRIES - 1);
  });

  it.skipIf(skip)(`finishes a social flow once, and takes a device challenge once, of ${RACERS} racing on both replicas`, async () => {
    const flows = connections.map((db) => new SocialFlowStore(db, LOGIN_SECRET));
    const now = Date.now();
    const { id, flowSecret, secrets } = await flows[0]!.start({ provider: 'github', frameOrigin: 'http://127.0.0.1:5174', browserKey: undefined }, now);
    const claims = await Promise.all(Array.from({ length: RACERS }, (_, index) => flows[index % 2]!.claim(id, { flowSecret, state: secrets.state, browserKey: undefined }, now)));
    expect(claims.filter((claim) => claim.kind === 'claimed')).toHaveLength(1);

    const wallets = connections.map((db) => new WalletStore(db));
    const deviceId = `device-${name}-${process.pid}`;
    const challenge = await wallets[1]!.issueChallenge(deviceId, now);
    const taken = await Promise.all(Array.from({ length: RACERS }, (_, index) => wallets[index % 2]!.takeChallenge(deviceId, challenge, now)));
    expect(taken.filter(Boolean)).toHaveLength(1);
  });
});
