import { createServer, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { headerLines, headerPairs, storedHeadMatches, writePreparedHead } from './preparedHead.ts';

const PAIRS = ['x-request-id', 'a-1', 'x-ratelimit-remaining', '7', 'vary', 'Origin', 'cache-control', 'private, max-age=30', 'content-type', 'application/json; charset=utf-8'];
const BODY = '{"balances":[]}';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** A server answering each request with `write`, and the raw bytes of one answer to `request` (the date line left out). */
async function rawAnswer(write: (response: ServerResponse) => void, request: string): Promise<string> {
  const server = createServer((_request, response) => write(response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  const { port } = server.address() as AddressInfo;
  const raw = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      if (text.endsWith(BODY)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('error', reject);
  });
  server.closeAllConnections();
  return raw.replace(/\r\nDate: [^\r]*/, '');
}

describe('the prepared head', () => {
  it("is Node's own header writing in this Node (the self-check passes)", () => {
    expect(storedHeadMatches()).toBe(true);
  });

  it('checks each header once, when its lines are made, as Node checks them', () => {
    expect(headerLines(['vary', 'Origin', 'x-a', '1'])).toBe('vary: Origin\r\nx-a: 1\r\n');
    expect(() => headerLines(['x-a', 'one\r\nset-cookie: b=2'])).toThrow(/Invalid character/);
    expect(() => headerLines(['bad name', '1'])).toThrow(/valid HTTP token/);
    expect(headerPairs(headerLines(PAIRS))).toEqual(PAIRS);
  });

  const requests = {
    'HTTP/1.1 keep-alive': 'GET / HTTP/1.1\r\nHost: a\r\n\r\n',
    'HTTP/1.1 closing': 'GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n',
    'HTTP/1.0': 'GET / HTTP/1.0\r\n\r\n',
  };
  for (const [name, request] of Object.entries(requests)) {
    it(`writes the very bytes writeHead writes (${name}), 200 and a 429 without Connection`, async () => {
      for (const [status, dropConnection] of [
        [200, false],
        [429, true],
      ] as const) {
        const answer = (prepared: boolean) => (response: ServerResponse) => {
          if (dropConnection) response.removeHeader('connection');
          const length = String(Buffer.byteLength(BODY));
          if (prepared) writePreparedHead(response, status, headerLines(PAIRS), length);
          else response.writeHead(status, [...PAIRS, 'content-length', length]);
          response.end(BODY);
        };
        const byWriteHead = await rawAnswer(answer(false), request);
        await close?.();
        const prepared = await rawAnswer(answer(true), request);
        expect(prepared).toBe(byWriteHead);
        expect(prepared).toContain(`x-ratelimit-remaining: 7\r\n`);
        expect(prepared.startsWith(`HTTP/1.1 ${status} `)).toBe(true);
      }
    });
  }
});
