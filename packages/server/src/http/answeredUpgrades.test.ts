import { connect } from 'node:net';
import websocket from '@fastify/websocket';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { closeAnsweredUpgrades } from './answeredUpgrades.ts';

/** Asks `path` for a websocket over a raw socket; what the server wrote, and whether it closed the socket within `withinMs`. */
function askUpgrade(port: number, path: string, withinMs = 2000): Promise<{ answer: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ answer, closed: false });
    }, withinMs);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ answer, closed: true });
    });
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`);
  });
}

describe('closeAnsweredUpgrades', () => {
  // As createServer has it: @fastify/websocket in a scope around the websocket route only.
  const app = Fastify();
  let port = 0;
  beforeAll(async () => {
    await app.register(async (sockets) => {
      await sockets.register(websocket);
      sockets.get('/socket', { websocket: true }, (socket) => socket.send('hello'));
    });
    closeAnsweredUpgrades(app);
    app.get('/plain', async () => ({ plain: true }));
    await app.listen({ host: '127.0.0.1', port: 0 });
    port = (app.server.address() as { port: number }).port;
  });
  afterAll(() => app.close());

  it('answers an upgrade asked of a plain route, or of no route, then closes its connection', async () => {
    const plain = await askUpgrade(port, '/plain');
    expect(plain.answer).toMatch(/^HTTP\/1\.1 200 /);
    expect(plain.answer).toContain('{"plain":true}');
    expect(plain.closed).toBe(true);
    const none = await askUpgrade(port, '/nowhere');
    expect(none.answer).toMatch(/^HTTP\/1\.1 404 /);
    expect(none.closed).toBe(true);
  });

  it('leaves an accepted websocket open, and plain requests on a kept-alive connection', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/socket`);
    const first = await new Promise<string>((resolve, reject) => {
      socket.once('message', (data) => resolve(String(data)));
      socket.once('error', reject);
    });
    expect(first).toBe('hello');
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
    const answers = await Promise.all([fetch(`http://127.0.0.1:${port}/plain`), fetch(`http://127.0.0.1:${port}/plain`)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  });
});
