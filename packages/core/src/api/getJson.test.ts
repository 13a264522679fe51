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
});
