import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson } from './getJson.ts';

// A real HTTP server that answers slowly and counts what it is asked.
const asked: string[] = [];
const server = createServer((request, response) => {
  const n = asked.push(request.url!);
  setTimeout(() => response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ n })), 50);
});
let config: { url: string; projectId: string };
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  config = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, projectId: 'p' };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('getJson', () => {
  it('lets identical reads in flight share one request (SPEC §9 dedupe); a later read asks again', async () => {
    const read = (path: string) => getJson(config, {}, path, {}, (body) => body as { n: number });
    const [first, second, other] = await Promise.all([read('/v1/a'), read('/v1/a'), read('/v1/b')]);
    expect(first).toBe(second);
    expect(other).not.toEqual(first);
    expect(asked.filter((url) => url.startsWith('/v1/a'))).toHaveLength(1);
    await read('/v1/a');
    expect(asked.filter((url) => url.startsWith('/v1/a'))).toHaveLength(2);
  });

  it('never lets a fresh read join one in flight: it may have begun before what the fresh read follows', async () => {
    const read = (fresh: boolean) => getJson(config, {}, '/v1/fresh', {}, (body) => body as { n: number }, { fresh });
    const before = read(true);
    const after = read(true);
    const [first, second] = await Promise.all([before, after]);
    expect(second.n).not.toBe(first.n);
    expect(asked.filter((url) => url.startsWith('/v1/fresh'))).toHaveLength(2);
  });
});
