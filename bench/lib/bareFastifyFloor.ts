import { spawn } from 'node:child_process';
import { waitFor } from './benchServer.ts';
import { repoRoot } from './paths.ts';
import { stopChild } from './stopChild.ts';

/** The server part's case of the bare Fastify floor under the cached balance (issue 29). */
export const BARE_FASTIFY_CASE = "bare Fastify floor, the cached balance's bytes";

/** What the floor answers to every request on its one route: the same bytes as the route it stands under. */
export interface FloorAnswer {
  method: 'GET' | 'POST';
  body: string;
  contentType: string;
}

// Fastify alone, no plugin, no logger: the least any Fastify route can cost. The answer arrives in
// an environment variable, so the child holds the very bytes measured against.
const FLOOR = `
import Fastify from 'fastify';
const { method, body, contentType } = JSON.parse(process.env.FLOOR_ANSWER);
const app = Fastify({ logger: false });
app.route({ method, url: '/', handler: async (_request, reply) => reply.type(contentType).send(body) });
await app.listen({ port: Number(process.env.FLOOR_PORT), host: '127.0.0.1' });
// Exits rather than dies on the stop signal, so that a --cpu-prof profile is written.
process.once('SIGTERM', () => app.close().then(() => process.exit(0)));
`;

/**
 * A bare Fastify child process on 127.0.0.1:`port` answering `answer`; resolves once it answers.
 * `nodeOptions` go to node before the script (e.g. `--cpu-prof`, to profile it beside the server).
 */
export async function startBareFastifyFloor(port: number, answer: FloorAnswer, nodeOptions: string[] = []): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [...nodeOptions, '--input-type=module', '-e', FLOOR], {
    cwd: repoRoot,
    env: { ...process.env, FLOOR_ANSWER: JSON.stringify(answer), FLOOR_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}/`;
  const stop = () => stopChild(child);
  try {
    const init = answer.method === 'POST' ? { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } } : {};
    await waitFor('bare Fastify floor', async () => ((await fetch(url, init)).ok ? true : undefined), child, 30_000);
  } catch (error) {
    await stop();
    throw error;
  }
  return { url, pid: child.pid!, stop };
}
