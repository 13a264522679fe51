// Issue 25's fault suite on the real cluster (scripts/lib/cluster.mjs): 3 replicas on PostgreSQL
// and Redis behind HAProxy, the devnet's chains. Not part of `npm test` (the cluster takes a
// minute to start on a busy 2-core machine): `npm run test:cluster`.
import { buildSiweMessage } from '@cairn/core/siwx';
import { fetchWithRetry } from '@cairn/core/internal';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { RawRelayClient } from '@cairn/server/testing';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type RunningCluster } from '../lib/cluster.mjs';
import { HEALTH_CHECK } from '../lib/haproxy.mjs';

const BASE_PORT = 28880;
const PROJECT = 'projectId=cairn-local&st=cluster&sv=1';
/** In the server's default SIWX_DOMAINS. */
const SIWX_DOMAIN = '127.0.0.1:5173';
const OUTAGE_MS = 5_000;
/** The load run: how long, how many concurrent clients, how many of their requests are sign-ins. */
const LOAD_MS = 15_000;
const LOAD_WORKERS = 12;
const LOADED_SIGN_INS = 200;
const account = privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey);
const address = TEST_ACCOUNTS[0]!.address;

let cluster: RunningCluster;
const relayClients: RawRelayClient[] = [];

beforeAll(async () => {
  cluster = await startCluster({
    basePort: BASE_PORT,
    fresh: true,
    // One test client is a crowd to the per-address limits: far above what the suite sends.
    env: { RATE_LIMIT_PER_MINUTE: '1000000', NONCE_RATE_LIMIT_PER_MINUTE: '1000000', NONCE_RATE_LIMIT_TOTAL_PER_MINUTE: '1000000' },
  });
}, 400_000);
afterAll(async () => {
  for (const client of relayClients) await client.close().catch(() => undefined);
  await cluster?.stop();
}, 60_000);

const routes = () => ({
  balance: `${cluster.url}/v1/account/${address}/balance?chainId=eip155:31337&currency=usd&${PROJECT}`,
  history: `${cluster.url}/v1/account/${address}/history?chainId=eip155:31337&limit=20&${PROJECT}`,
  wallets: `${cluster.url}/getWallets?search=meta&page=1&entries=40&${PROJECT}`,
  nonce: `${cluster.url}/auth/v1/nonce?${PROJECT}`,
});

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function signedSignIn(base = cluster.url): Promise<{ nonce: string; body: string }> {
  const { nonce } = (await (await fetchWithRetry(`${base}/auth/v1/nonce?${PROJECT}`)).json()) as { nonce: string };
  const message = buildSiweMessage({ domain: SIWX_DOMAIN, address: account.address, statement: 'Sign in to the cluster suite', uri: `http://${SIWX_DOMAIN}`, version: '1', chainId: 31337, nonce, issuedAt: new Date().toISOString() });
  return { nonce, body: JSON.stringify({ message, signature: await account.signMessage({ message }), token: true }) };
}

const authenticate = (base: string, body: string) => fetch(`${base}/auth/v1/authenticate?${PROJECT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
/** A sign-in as the widget sends it (its retry policy): 1 if accepted, 0 if refused or lost. */
const widgetSignIn = (body: string) =>
  fetchWithRetry(`${cluster.url}/auth/v1/authenticate?${PROJECT}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(
    () => 1,
    () => 0,
  );

async function replicaIsIn(name: string, wanted: (state: string) => boolean): Promise<true | undefined> {
  const state = (await cluster.balancer.replicaStates())[name];
  return state !== undefined && wanted(state) ? true : undefined;
}

describe('the cluster under faults', () => {
  it('keeps every replica in under load: sign-ins and reads for 15 s, no replica taken out by a missed health check', async () => {
    await until('every replica UP', async () => (Object.values(await cluster.balancer.replicaStates()).every((state) => state === 'UP') ? true : undefined));
    const signIns: { body: string }[] = [];
    // Prepared ten at a time: hundreds of nonces asked at once would be a load run of their own.
    while (signIns.length < LOADED_SIGN_INS) signIns.push(...(await Promise.all(Array.from({ length: 10 }, () => signedSignIn()))));
    const { balance, history, wallets } = routes();
    const before = await cluster.balancer.replicaChecks();
    const loadEnds = performance.now() + LOAD_MS;
    let answered = 0;
    const statuses: Record<number, number> = {};
    // Each worker verifies a signed sign-in (the CPU-heavy route, with database writes), then reads, until the time is up.
    const worker = async () => {
      for (let i = 0; performance.now() < loadEnds; i++) {
        const signIn = signIns.pop();
        const response = signIn ? await authenticate(cluster.url, signIn.body) : await fetch([balance, history, wallets][i % 3]!);
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
        answered++;
      }
    };
    await Promise.all(Array.from({ length: LOAD_WORKERS }, worker));
    const after = await cluster.balancer.replicaChecks();
    const changes = Object.fromEntries(Object.entries(after).map(([name, checks]) => [name, { failed: checks.failed - before[name]!.failed, downs: checks.downs - before[name]!.downs }]));
    console.log(`${answered} answers under load (${JSON.stringify(statuses)}); health checks per replica: ${JSON.stringify(changes)}`);
    expect(Object.values(changes).map((change) => change.downs)).toEqual([0, 0, 0]);
    expect(Object.keys(statuses).filter((status) => Number(status) >= 500)).toEqual([]);
  }, 180_000);

  it('HAProxy takes a dead replica out within its health checks, serves on, and puts it back once it answers', async () => {
    await until('every replica UP', async () => (Object.values(await cluster.balancer.replicaStates()).every((state) => state === 'UP') ? true : undefined));
    const killed = performance.now();
    await cluster.replicas[2]!.kill();
    const answers = await Promise.all(Array.from({ length: 30 }, () => fetch(`${cluster.url}/health`).then((response) => response.status)));
    expect(answers.every((status) => status === 200)).toBe(true);
    await until('replica3 DOWN', () => replicaIsIn('replica3', (state) => state.startsWith('DOWN')), 10_000);
    const outAfterMs = performance.now() - killed;
    console.log(`replica3 out of the balancer ${Math.round(outAfterMs)} ms after it died`);
    expect(outAfterMs).toBeLessThan((HEALTH_CHECK.intervalMs + HEALTH_CHECK.timeoutMs) * (HEALTH_CHECK.fall + 1));
    await cluster.replicas[2]!.start();
    await until('replica3 UP again', () => replicaIsIn('replica3', (state) => state === 'UP'), 10_000);
  }, 180_000);

  it('a replica killed mid-load: every request lands through the widget’s retry policy, and no nonce is accepted twice', async () => {
    const signIns = await Promise.all(Array.from({ length: 30 }, () => signedSignIn()));
    const targets = Object.values(routes());
    let landed = 0;
    let killedAt: number | undefined;
    const failed: string[] = [];
    // The load runs until 3 s after the kill, so requests are in flight on the replica as it dies.
    const worker = async (offset: number) => {
      for (let i = offset; killedAt === undefined || performance.now() < killedAt + 3_000; i++) {
        const target = targets[i % targets.length]!;
        try {
          await (await fetchWithRetry(target)).arrayBuffer();
          landed++;
        } catch (error) {
          failed.push(`${new URL(target).pathname}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
    };
    // Each signed message twice at once: the balancer sends the two to different replicas.
    const accepted = signIns.map(async ({ body }) => (await Promise.all([widgetSignIn(body), widgetSignIn(body)])).reduce((sum, one) => sum + one, 0));
    const load = Promise.all(Array.from({ length: 6 }, (_, offset) => worker(offset)));
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await cluster.replicas[0]!.kill();
    killedAt = performance.now();
    await load;
    const acceptedPerNonce = await Promise.all(accepted);
    console.log(`${landed} requests landed while replica1 died; sign-ins accepted per nonce: ${acceptedPerNonce.join('')}`);
    expect(failed).toEqual([]);
    expect(landed).toBeGreaterThan(targets.length);
    expect(acceptedPerNonce.every((count) => count <= 1)).toBe(true);
    // A nonce whose first try died with its replica may be burnt, never accepted twice; the rest are accepted once.
    expect(acceptedPerNonce.filter((count) => count === 1).length).toBeGreaterThanOrEqual(signIns.length - 2);
    await cluster.replicas[0]!.start();
  }, 180_000);

  it('a WalletConnect relay session across replicas keeps exchanging messages when one side’s replica dies', async () => {
    const relay = (replica: { url: string }) => `${replica.url.replace(/^http/, 'ws')}/relay`;
    const connect = async (url: string, keyPair?: RawRelayClient['keyPair']) => {
      const client = await RawRelayClient.connect(url, keyPair ? { keyPair } : {});
      relayClients.push(client);
      return client;
    };
    const [toWallet, toDapp] = ['a'.repeat(64), 'b'.repeat(64)];
    const publish = (topic: string, message: string) => ({ topic, message, ttl: 300, tag: 1100, prompt: false });
    const dapp = await connect(relay(cluster.replicas[0]!));
    let wallet = await connect(relay(cluster.replicas[1]!));
    await dapp.call('irn_subscribe', { topic: toDapp });
    await wallet.call('irn_subscribe', { topic: toWallet });
    await dapp.call('irn_publish', publish(toWallet, 'session proposal'));
    await wallet.waitForDeliveries(1);
    wallet.acknowledgeReceived();
    await wallet.call('irn_publish', publish(toDapp, 'session settle'));
    await dapp.waitForDeliveries(1);

    await cluster.replicas[1]!.kill();
    // Published while the wallet is away; it comes back (its SDK keeps its client key) through the
    // balancer to another replica, and gets what it has not acknowledged.
    await dapp.call('irn_publish', publish(toWallet, 'request while away'));
    wallet = await connect(`${cluster.url.replace(/^http/, 'ws')}/relay`, wallet.keyPair);
    await wallet.call('irn_subscribe', { topic: toWallet });
    const deliveries = await wallet.waitForDeliveries(1);
    expect(deliveries.map((delivery) => delivery.data.message)).toEqual(['request while away']);
    await wallet.call('irn_publish', publish(toDapp, 'response'));
    expect((await dapp.waitForDeliveries(2)).map((delivery) => delivery.data.message)).toEqual(['session settle', 'response']);
    await cluster.replicas[1]!.start();
  }, 180_000);

  it('PostgreSQL stopped for 5 s: clear 503s with Retry-After, cached reads served, recovery after, nothing lost', async () => {
    const { balance, history, nonce } = routes();
    await (await fetch(balance)).arrayBuffer(); // cached on every replica (Redis-shared)
    const before = await signedSignIn();
    const session = (await (await authenticate(cluster.url, before.body)).json()) as { session: { token: string } };
    const unusedBefore = await signedSignIn();

    const stopped = performance.now();
    await cluster.postgres.stop('immediate');
    try {
      const during = async (url: string) => {
        const response = await fetch(url);
        return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as { message?: string } };
      };
      for (const url of [nonce, history]) {
        const answer = await during(url);
        expect(answer).toEqual({ status: 503, retryAfter: expect.stringMatching(/^\d+$/), body: expect.objectContaining({ message: 'The database is unavailable right now; try again in a few seconds' }) });
      }
      expect((await fetch(balance)).status).toBe(200);
      const remaining = OUTAGE_MS - (performance.now() - stopped);
      if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    } finally {
      await cluster.postgres.start();
    }
    const restarted = performance.now();
    await until('nonces again', async () => ((await fetch(nonce)).ok ? true : undefined));
    console.log(`PostgreSQL back: nonces served again ${Math.round(performance.now() - restarted)} ms after it accepted connections`);
    const me = await fetch(`${cluster.url}/auth/v1/me?${PROJECT}`, { headers: { authorization: `Bearer ${session.session.token}` } });
    expect(me.status).toBe(200);
    expect((await authenticate(cluster.url, unusedBefore.body)).status).toBe(200);
  }, 120_000);

  it('Redis stopped for 5 s: logins refused with 503 and Retry-After (closed), reads served (open), all back after', async () => {
    const { balance, history, wallets, nonce } = routes();
    const stopped = performance.now();
    await cluster.redis.stop();
    try {
      const refused = await fetch(nonce);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await refused.json()) as { message: string }).message).toBe('This server cannot check its limits right now; try again in a few seconds');
      for (const url of [balance, history, wallets]) expect((await fetch(url)).status).toBe(200);
      const remaining = OUTAGE_MS - (performance.now() - stopped);
      if (remaining > 0) await new Promise((resolve) => setTimeout(resolve, remaining));
    } finally {
      await cluster.redis.start();
    }
    const restarted = performance.now();
    await until('nonces again', async () => ((await fetch(nonce)).ok ? true : undefined));
    console.log(`Redis back: nonces served again ${Math.round(performance.now() - restarted)} ms after it answered`);
    const { body } = await signedSignIn();
    expect((await authenticate(cluster.url, body)).status).toBe(200);
  }, 120_000);
});
