// The fast lane (packages/server/src/http/fastLane.ts) on the real cluster: 3 replicas behind
// HAProxy on PostgreSQL and Redis. The lane answers a cached read asked again before Fastify's
// hooks run, so each cluster guarantee those hooks keep is tried here through the lane: the per-IP
// limit counted once across replicas, and a forced refresh dropping the cached answer on every
// replica's lane. `npm run test:cluster`.
import { request as httpRequest } from 'node:http';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { createPublicClient, createWalletClient, http, parseEther, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type RunningCluster } from '../lib/cluster.mjs';
import { PROJECT, until } from './clusterClient.ts';

// Out of every e2e offset's ports (its bundlers end at 16,337) and the other suites', and below Linux's
// ephemeral range (32768 on; the 33300 this was could be any client socket's local port).
const BASE_PORT = 16600;
/** The per-IP limit of this cluster: low enough to pass in a test, per visitor address. */
const PER_IP_LIMIT = 40;

let cluster: RunningCluster;

beforeAll(async () => {
  cluster = await startCluster({ basePort: BASE_PORT, fresh: true, env: { RATE_LIMIT_PER_MINUTE: String(PER_IP_LIMIT), INDEXER_ENABLED: 'false' } });
}, 400_000);
afterAll(async () => {
  await cluster?.stop();
}, 60_000);

type Answer = { status: number; headers: Record<string, string | string[] | undefined>; body: string };

/**
 * A GET to `base` as the visitor at `visitor` (HAProxy appends its own hop to X-Forwarded-For; the
 * replicas trust 127.0.0.1, so they key on the visitor's address). `host` names the balancer when
 * a replica is asked directly: the lane keeps a URL with the host it was asked on.
 */
function ask(base: string, path: string, visitor: string, host?: string): Promise<Answer> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: hostname, port, path, agent: false, headers: { 'x-forwarded-for': visitor, ...(host ? { host } : {}) } }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    request.on('error', reject);
    request.end();
  });
}

const balancePath = (address: Address, force = false) => `/v1/account/${address}/balance?chainId=eip155:31337&currency=usd&${PROJECT}${force ? '&forceUpdate=true' : ''}`;
const balancerHost = () => new URL(cluster.url).host;

/**
 * Makes every replica's lane keep the balance URL as asked through the balancer: a replica's
 * first ask reads (or awaits the shared read), its second is answered from its cache by Fastify,
 * which keeps the URL; from the third on the lane answers it (fastLane.test.ts counts that).
 */
async function keptOnEveryReplica(path: string, visitor: string): Promise<string> {
  let body = '';
  for (const replica of cluster.replicas) {
    for (let i = 0; i < 2; i++) {
      const answer = await ask(replica.url, path, visitor, balancerHost());
      expect(answer.status, answer.body).toBe(200);
      body = answer.body;
    }
  }
  return body;
}

const nativeOf = (body: string) => (JSON.parse(body) as { balances: { address?: string; quantity: { numeric: string } }[] }).balances.find((balance) => balance.address === undefined)?.quantity.numeric ?? '0';

describe('the fast lane keeps the cluster’s guarantees', () => {
  it(`counts its answers in the one per-IP limit of all replicas: ${PER_IP_LIMIT} reads through HAProxy, then 429 with Retry-After on every replica`, async () => {
    const path = balancePath(TEST_ACCOUNTS[0]!.address);
    await keptOnEveryReplica(path, '10.25.0.1');
    const visitor = '10.25.0.2';
    const remaining: number[] = [];
    for (let i = 0; i < PER_IP_LIMIT; i++) {
      const answer = await ask(cluster.url, path, visitor);
      expect(answer.status, answer.body).toBe(200);
      remaining.push(Number(answer.headers['x-ratelimit-remaining']));
    }
    // Round robin spread them over the three replicas: one count, each read once in it.
    expect(remaining).toEqual(Array.from({ length: PER_IP_LIMIT }, (_, index) => PER_IP_LIMIT - 1 - index));
    const refused = await Promise.all(Array.from({ length: 3 }, () => ask(cluster.url, path, visitor)));
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(answer.headers['retry-after']).toMatch(/^\d+$/);
      expect(JSON.parse(answer.body)).toMatchObject({ statusCode: 429, message: `Please try again after ${String(answer.headers['retry-after'])} seconds` });
    }
    // Each replica refuses this visitor, asked directly: the count is in Redis, not in one process.
    for (const replica of cluster.replicas) expect((await ask(replica.url, path, visitor, balancerHost())).status).toBe(429);
    // Another visitor is not refused.
    expect((await ask(cluster.url, path, '10.25.0.3')).status).toBe(200);
  }, 120_000);

  it('serves no stale balance from any replica’s lane after a confirmed transaction and one forced refresh on one replica', async () => {
    const account = privateKeyToAccount(generatePrivateKey()).address;
    const path = balancePath(account);
    const visitor = '10.25.1.1';
    expect(nativeOf(await keptOnEveryReplica(path, visitor))).toBe('0');

    const chain = { ...foundry, rpcUrls: { default: { http: [cluster.chains[0]!.url] } } };
    const sender = createWalletClient({ account: privateKeyToAccount(TEST_ACCOUNTS[1]!.privateKey), chain, transport: http() });
    const hash = await sender.sendTransaction({ to: account, value: parseEther('1') });
    await createPublicClient({ chain, transport: http() }).waitForTransactionReceipt({ hash });

    // Until a refresh, every replica's lane serves the cached answer (SPEC §9: 30 s).
    for (let i = 0; i < 3; i++) expect(nativeOf((await ask(cluster.url, path, visitor)).body)).toBe('0');
    // The widget asks once with forceUpdate after it sees its transaction confirmed; one replica reads the node.
    const forced = await ask(cluster.url, balancePath(account, true), visitor);
    expect(forced.status, forced.body).toBe(200);
    expect(nativeOf(forced.body)).toBe('1');
    // Every replica drops its copy (Redis pub/sub) and its lane stops answering from it.
    for (const replica of cluster.replicas) {
      await until(`replica${replica.index} to serve the refreshed balance`, async () => (nativeOf((await ask(replica.url, path, visitor, balancerHost())).body) === '1' ? true : undefined), 5_000);
    }
    // And asked again and again through the balancer (the lane keeps the URL again), never the old one.
    const after = await Promise.all(Array.from({ length: 9 }, () => ask(cluster.url, path, visitor)));
    expect(after.map((answer) => `${answer.status} ${nativeOf(answer.body)}`)).toEqual(after.map(() => '200 1'));
  }, 120_000);
});
