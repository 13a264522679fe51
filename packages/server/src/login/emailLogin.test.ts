import { codeFromMail, startMailSink, type MailSink, type ReceivedMail } from '@cairn/devnet/mail';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ServerConfig } from '../config.ts';
import { createServer } from '../createServer.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createTestDatabase, testDatabaseKinds, type TestDatabase } from '../testing/testDatabases.ts';
import { ACCESS_QUERY, testConfig } from '../testing/testServer.ts';
import { CODE_ATTEMPTS } from './emailCodeStore.ts';
import { LOGIN_ERRORS } from './loginErrors.ts';

// No chain is read here: the indexer is off and no route of this suite calls a node.
const NO_CHAINS = [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:9' }];
let mailbox: MailSink;
beforeAll(async () => {
  mailbox = await startMailSink();
});
afterAll(() => mailbox?.close());
afterEach(() => {
  vi.useRealTimers();
});

let unique = 0;
const newAddress = (name = 'visitor') => `${name}-${process.pid}-${++unique}@example.com`;

describe.each(await testDatabaseKinds())('e-mail login on $name', ({ name, skip }) => {
  let database: TestDatabase;
  let app: FastifyInstance;
  const logLines: string[] = [];
  const config = (env: NodeJS.ProcessEnv = {}): ServerConfig =>
    testConfig(database.config, NO_CHAINS, { INDEXER_ENABLED: 'false', SMTP_URL: mailbox.smtpUrl, LOG_LEVEL: 'info', ...env });

  beforeAll(async () => {
    if (skip) return;
    database = await createTestDatabase(name);
    app = await createServer(config(), { logStream: { write: (line) => void logLines.push(line) } });
    await app.ready();
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    await database?.drop();
  });

  const post = (server: FastifyInstance, path: string, body: unknown, token?: string) =>
    server.inject({ method: 'POST', url: `${path}?${ACCESS_QUERY}`, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const getUser = (token: string) => app.inject({ method: 'GET', url: `/auth/v1/user?${ACCESS_QUERY}`, headers: { authorization: `Bearer ${token}` } });
  const mailTo = (email: string, after = 0) => mailbox.waitForMail((mail) => mail.to.includes(email) && mail.id > after);
  const lastMailId = () => mailbox.messages().at(-1)?.id ?? 0;
  async function requestCode(email: string, server = app): Promise<ReceivedMail> {
    const after = lastMailId();
    const response = await post(server, '/auth/v1/email/login', { email });
    expect(response.statusCode, response.body).toBe(200);
    return mailTo(email, after);
  }
  async function logIn(email: string): Promise<{ token: string; user: { id: string; email: string } }> {
    const code = codeFromMail(await requestCode(email));
    const response = await post(app, '/auth/v1/email/verify', { email, code });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }

  it.skipIf(skip)('mails a 6-digit code over SMTP and logs in with it; the login is a bearer token until signed out', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newAddress();
    const mail = await requestCode(email);
    expect(mail.subject).toMatch(/^\d{6} is your Cairn code$/);
    const { token, user } = await (async () => {
      const response = await post(app, '/auth/v1/email/verify', { email: email.toUpperCase(), code: codeFromMail(mail) });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    })();
    expect(user).toMatchObject({ email, provider: 'email' });
    expect((await getUser(token)).json().user).toMatchObject({ id: user.id, email });

    vi.setSystemTime(start + 31_000);
    const again = await logIn(email);
    expect(again.user.id).toBe(user.id);

    expect((await post(app, '/auth/v1/user/signout', {}, token)).statusCode).toBe(204);
    const ended = await getUser(token);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().message).toBe(LOGIN_ERRORS.loginEnded);
    expect((await getUser(again.token)).statusCode).toBe(200);
  });

  it.skipIf(skip)('answers the same whether or not the address is known', async () => {
    const known = newAddress('known');
    await logIn(known);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 31_000);
    const forKnown = await post(app, '/auth/v1/email/login', { email: known });
    const forUnknown = await post(app, '/auth/v1/email/login', { email: newAddress('unknown') });
    expect(forKnown.statusCode).toBe(200);
    expect(forUnknown.statusCode).toBe(200);
    expect(forKnown.body).toBe(forUnknown.body);
  });

  it.skipIf(skip)("enforces SPEC's 30 s between two codes to one address, with the seconds left", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newAddress();
    await requestCode(email);
    vi.setSystemTime(start + 12_500);
    const tooSoon = await post(app, '/auth/v1/email/login', { email });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toBe('Please try again after 18 seconds');
    expect(tooSoon.headers['retry-after']).toBe('18');
    vi.setSystemTime(start + 30_000);
    expect((await post(app, '/auth/v1/email/login', { email })).statusCode).toBe(200);
  });

  it.skipIf(skip)('replaces the old code with a resend, and a code works once', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newAddress();
    const first = codeFromMail(await requestCode(email));
    vi.setSystemTime(start + 31_000);
    const second = codeFromMail(await requestCode(email));
    if (first !== second) {
      const old = await post(app, '/auth/v1/email/verify', { email, code: first });
      expect(old.statusCode).toBe(401);
      expect(old.json().message).toBe(LOGIN_ERRORS.invalidCode);
    }
    expect((await post(app, '/auth/v1/email/verify', { email, code: second })).statusCode).toBe(200);
    const reused = await post(app, '/auth/v1/email/verify', { email, code: second });
    expect(reused.statusCode).toBe(401);
    expect(reused.json().message).toBe(LOGIN_ERRORS.invalidCode);
  });

  it.skipIf(skip)(`stops a brute force: ${CODE_ATTEMPTS} wrong codes burn the code, and the right one is refused after`, async () => {
    const email = newAddress();
    const code = codeFromMail(await requestCode(email));
    const wrong = code === '000000' ? '000001' : '000000';
    const messages: string[] = [];
    for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
      const response = await post(app, '/auth/v1/email/verify', { email, code: wrong });
      expect(response.statusCode).toBe(401);
      messages.push(response.json().message);
    }
    expect(messages.slice(0, -1).every((message) => message === LOGIN_ERRORS.invalidCode)).toBe(true);
    expect(messages.at(-1)).toBe(LOGIN_ERRORS.codeBurnt);
    const right = await post(app, '/auth/v1/email/verify', { email, code });
    expect(right.statusCode).toBe(401);
    expect(right.json().message).toBe(LOGIN_ERRORS.codeBurnt);
  });

  it.skipIf(skip)('lets a code expire after 10 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newAddress();
    const code = codeFromMail(await requestCode(email));
    vi.setSystemTime(start + 10 * 60_000);
    const late = await post(app, '/auth/v1/email/verify', { email, code });
    expect(late.statusCode).toBe(401);
    expect(late.json().message).toBe(LOGIN_ERRORS.codeExpired);
  });

  it.skipIf(skip)('keeps codes and tokens only as keyed hashes, and never logs a code', async () => {
    const email = newAddress();
    const code = codeFromMail(await requestCode(email));
    const rows = await sql<{ code_hash: string }>`select code_hash from email_codes where email = ${email}`.execute(app.cairn.db);
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const { createHash } = await import('node:crypto');
    expect(rows.rows[0]!.code_hash).not.toBe(createHash('sha256').update(code).digest('hex'));
    const { token } = await (await post(app, '/auth/v1/email/verify', { email, code })).json();
    const stored = JSON.stringify((await sql`select * from login_sessions`.execute(app.cairn.db)).rows);
    expect(stored).not.toContain(token);
    expect(logLines.join('\n')).not.toContain(code);
  });

  it.skipIf(skip)('refuses a bad e-mail, a malformed code and a missing or foreign token with clear texts', async () => {
    for (const email of ['not-an-email', 'a@b', `${'x'.repeat(300)}@example.com`]) {
      const response = await post(app, '/auth/v1/email/login', { email });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(LOGIN_ERRORS.invalidEmail);
    }
    for (const body of [{}, { email: 42 }, { email: 'a@example.com', code: '12345' }, { email: 'a@example.com', code: 'abcdef' }]) {
      const path = 'code' in body ? '/auth/v1/email/verify' : '/auth/v1/email/login';
      const response = await post(app, path, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const missing = await app.inject({ method: 'GET', url: `/auth/v1/user?${ACCESS_QUERY}` });
    expect(missing.statusCode).toBe(401);
    expect(missing.json().message).toBe(LOGIN_ERRORS.noLogin);
    const foreign = await getUser('A'.repeat(43));
    expect(foreign.statusCode).toBe(401);
    expect(foreign.json().message).toBe(LOGIN_ERRORS.loginEnded);
  });

  it.skipIf(skip)('limits the codes one address gets per hour', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const email = newAddress();
    for (let sent = 0; sent < 5; sent++) {
      vi.setSystemTime(start + sent * 31_000);
      expect((await post(app, '/auth/v1/email/login', { email })).statusCode).toBe(200);
    }
    vi.setSystemTime(start + 5 * 31_000);
    const sixth = await post(app, '/auth/v1/email/login', { email });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toBe(LOGIN_ERRORS.addressLimit(58));
    vi.setSystemTime(start + 61 * 60_000);
    expect((await post(app, '/auth/v1/email/login', { email })).statusCode).toBe(200);
  });

  it.skipIf(skip)('limits code requests per client IP, and in all', async () => {
    const limited = await createServer(config({ EMAIL_CODE_RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_MINUTE: '1000000' }));
    try {
      const statuses = [];
      for (let n = 0; n < 4; n++) statuses.push((await post(limited, '/auth/v1/email/login', { email: newAddress('ip') })).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
    const total = await createServer(config({ EMAIL_CODE_RATE_LIMIT_TOTAL_PER_MINUTE: '2' }));
    try {
      const statuses = [];
      for (let n = 0; n < 3; n++) statuses.push((await post(total, '/auth/v1/email/login', { email: newAddress('all') })).statusCode);
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await total.close();
    }
  });

  it.skipIf(skip)('says so when the mail server fails, and lets the visitor ask again at once', async () => {
    let fail = true;
    const flaky: Mailer = {
      async send() {
        if (fail) throw new Error('connect ECONNREFUSED');
      },
      close() {},
    };
    const server = await createServer(config(), { mailer: flaky });
    try {
      const email = newAddress();
      const failed = await post(server, '/auth/v1/email/login', { email });
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toBe(LOGIN_ERRORS.mailFailed);
      fail = false;
      expect((await post(server, '/auth/v1/email/login', { email })).statusCode).toBe(200);
    } finally {
      await server.close();
    }
  });

  it.skipIf(skip)('answers 503 when no mail server is configured', async () => {
    const server = await createServer(config({ SMTP_URL: '' }));
    try {
      const response = await post(server, '/auth/v1/email/login', { email: newAddress() });
      expect(response.statusCode).toBe(503);
      expect(response.json().message).toBe(LOGIN_ERRORS.mailNotConfigured);
    } finally {
      await server.close();
    }
  });

  it.skipIf(skip)('updates the e-mail with a code to the old address, then one to the new (SPEC §4)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const old = newAddress('old');
    const next = newAddress('new');
    const { token, user } = await logIn(old);

    let after = lastMailId();
    const started = await post(app, '/auth/v1/email/update', { email: next }, token);
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json()).toMatchObject({ step: 'primary' });
    const primary = codeFromMail(await mailTo(old, after));

    after = lastMailId();
    const wrongStep = await post(app, '/auth/v1/email/update/secondary', { email: next, code: primary }, token);
    expect(wrongStep.statusCode).toBe(401);
    const confirmed = await post(app, '/auth/v1/email/update/primary', { code: primary }, token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ step: 'secondary', email: next });
    const secondary = codeFromMail(await mailTo(next, after));

    const changed = await post(app, '/auth/v1/email/update/secondary', { email: next, code: secondary }, token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().user).toMatchObject({ id: user.id, email: next });

    vi.setSystemTime(start + 31_000);
    expect((await logIn(next)).user.id).toBe(user.id);
    expect((await logIn(old)).user.id).not.toBe(user.id);
  });

  it.skipIf(skip)('refuses an update to an address another user logs in with', async () => {
    const taken = newAddress('taken');
    await logIn(taken);
    const mover = newAddress('mover');
    const { token } = await logIn(mover);
    let after = lastMailId();
    const started = await post(app, '/auth/v1/email/update', { email: taken }, token);
    expect(started.statusCode).toBe(200);
    const primary = codeFromMail(await mailTo(mover, after));
    after = lastMailId();
    await post(app, '/auth/v1/email/update/primary', { code: primary }, token);
    const secondary = codeFromMail(await mailTo(taken, after));
    const refused = await post(app, '/auth/v1/email/update/secondary', { email: taken, code: secondary }, token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(LOGIN_ERRORS.emailTaken);
  });
});
