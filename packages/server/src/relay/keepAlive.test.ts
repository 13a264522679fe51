import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { waitFor } from '../testing/waitFor.ts';
import { keepAlive, type KeepAlive } from './keepAlive.ts';

const INTERVAL_MS = 50;
/** Holds the event loop past an interval, as a long task or a busy machine does. */
const holdTheLoop = (ms: number) => {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // busy: no timer and no socket runs meanwhile
  }
};

describe('keepAlive', () => {
  let server: WebSocketServer | undefined;
  let alive: KeepAlive | undefined;
  const clients: WebSocket[] = [];
  afterEach(async () => {
    alive?.stop();
    for (const client of clients.splice(0)) client.terminate();
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    server = undefined;
    alive = undefined;
  });

  /**
   * `onPing` listens from before the handshake: a tick may ping between the server's accepting and
   * the client's reading the handshake's answer, and then the ping comes in the same read and is
   * emitted right after 'open', before the caller's await resumes (a listener added after the
   * connect missed it: 'expected +0 to be 1', one run in three at load ~12).
   */
  async function connect(options?: { autoPong: boolean }, onPing?: () => void): Promise<WebSocket> {
    if (!server) {
      server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
      await once(server, 'listening');
      alive = keepAlive(INTERVAL_MS);
      server.on('connection', (socket) => alive!.track(socket));
    }
    const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`, options);
    if (onPing) client.on('ping', onPing);
    clients.push(client);
    await once(client, 'open');
    return client;
  }

  it('keeps a peer whose pong arrived while the event loop was held past an interval', async () => {
    let pings = 0;
    // The client's pong is written before its 'ping' event; holding the loop there leaves it
    // unread in the server's socket when the next tick comes (the timer runs before the reads).
    const client = await connect(undefined, () => {
      pings += 1;
      if (pings === 2) holdTheLoop(INTERVAL_MS * 4);
    });
    let closed = false;
    client.on('close', () => (closed = true));
    await waitFor(() => pings >= 6 || closed, 'six pings answered', 10_000);
    expect(closed).toBe(false);
    expect(client.readyState).toBe(WebSocket.OPEN);
  });

  it('drops a peer that does not answer, sending it no second ping meanwhile', async () => {
    let pings = 0;
    const silent = await connect({ autoPong: false }, () => (pings += 1));
    const answering = await connect();
    await once(silent, 'close');
    // One tick pings, the next finds it late, the one after drops it: one ping in all. (The ticks
    // run from the server's start, so the time this takes is not asserted: a loaded machine moves it.)
    expect(pings).toBe(1);
    expect(answering.readyState).toBe(WebSocket.OPEN);
  });

  it('does not count a pong that does not echo the ping', async () => {
    const stalled = await connect({ autoPong: false });
    const pongs = setInterval(() => stalled.pong(Buffer.from('unsolicited')), 5);
    try {
      await once(stalled, 'close');
    } finally {
      clearInterval(pongs);
    }
  });
});
