import { randomBytes } from 'node:crypto';
import { RawRelayClient } from '@cairn/server/testing';
import { percentile } from './stats.ts';

// The relay bench's honest clients (relayLoad.ts): pairs that keep talking while the relay is under abuse.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const newTopic = () => randomBytes(32).toString('hex');

export interface HonestTraffic {
  pairs: number;
  /** Messages the dapps published (answered true) and had refused. */
  published: number;
  refused: number;
  /** Of the published ones, how many reached the wallet (within 5 s of the end). */
  delivered: number;
  /** Publish to delivery at the wallet, ms. */
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  /** Pairs whose message stored before the phase still reached a wallet subscribing after it. */
  storedBeforeDelivered: number;
}

/**
 * Pairs of honest clients at 127.0.0.1: each dapp publishes 4 messages a second to its wallet
 * while `running()`, and one message before, on a topic the wallet only subscribes to at the end.
 */
export async function honestPairs(url: string, pairs: number) {
  const clients: RawRelayClient[] = [];
  const latencies: number[] = [];
  let published = 0;
  let refused = 0;
  let delivered = 0;
  const sessions = await Promise.all(
    Array.from({ length: pairs }, async () => {
      const [dapp, wallet] = [await RawRelayClient.connect(url), await RawRelayClient.connect(url)];
      clients.push(dapp, wallet);
      const topic = newTopic();
      const laterTopic = newTopic();
      wallet.socket.on('message', (data) => {
        const frame = JSON.parse(String(data)) as { method?: string; params?: { data: { topic: string; message: string } } };
        if (frame.method !== 'irn_subscription' || frame.params?.data.topic !== topic) return;
        delivered++;
        latencies.push(performance.now() - Number(frame.params.data.message.split(':')[1]));
      });
      await wallet.call('irn_subscribe', { topic });
      await dapp.call('irn_publish', { topic: laterTopic, message: 'stored before', ttl: 86_400, tag: 1100 });
      return { dapp, topic, laterTopic };
    }),
  );
  let running = true;
  const talking = Promise.all(
    sessions.map(async ({ dapp, topic }, index) => {
      await sleep(index * (250 / pairs));
      for (let seq = 0; running; seq++) {
        const answer = await dapp.call('irn_publish', { topic, message: `${seq}:${performance.now()}`, ttl: 300, tag: 1100 }).catch(() => ({ error: 'no answer' }));
        if (answer.error) refused++;
        else published++;
        await sleep(250);
      }
    }),
  );
  return {
    async finish(): Promise<HonestTraffic> {
      running = false;
      await talking;
      const deadline = performance.now() + 5000;
      while (delivered < published && performance.now() < deadline) await sleep(50);
      let storedBeforeDelivered = 0;
      await Promise.all(
        sessions.map(async ({ laterTopic }) => {
          const late = await RawRelayClient.connect(url);
          clients.push(late);
          await late.call('irn_subscribe', { topic: laterTopic });
          await late.call('irn_subscribe', { topic: newTopic() }); // answered after any backlog push
          if (late.deliveries.some((delivery) => delivery.data.message === 'stored before')) storedBeforeDelivered++;
        }),
      );
      await Promise.all(clients.map((client) => client.close()));
      latencies.sort((a, b) => a - b);
      const round = (ms: number) => Math.round(ms * 10) / 10;
      return {
        pairs,
        published,
        refused,
        delivered,
        p50Ms: round(percentile(latencies, 50)),
        p99Ms: round(percentile(latencies, 99)),
        maxMs: round(latencies.at(-1) ?? 0),
        storedBeforeDelivered,
      };
    },
  };
}
