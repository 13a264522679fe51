import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/**
 * An upgrade asked of a route that is no websocket (or of no route) is answered as a plain request
 * (404, 401, the route's answer), then its connection is closed: Node hands an upgrade's socket
 * over whole, with no HTTP parser and no timeout behind it, so nothing else would ever close it.
 * @fastify/websocket does this for the routes of its own scope; it is registered around the
 * websocket routes only (createServer), so that its hooks and handler wrapper cost plain requests
 * nothing (issue 25), and this one hook covers the rest. An upgrade accepted by a websocket route
 * is hijacked and never reaches it.
 */
export function closeAnsweredUpgrades(app: FastifyInstance): void {
  const upgrades = new WeakSet<IncomingMessage>();
  // First of the server's upgrade listeners: @fastify/websocket's routes the request at once.
  app.server.prependListener('upgrade', (request: IncomingMessage) => upgrades.add(request));
  app.addHook('onResponse', (request, _reply, done) => {
    if (upgrades.has(request.raw)) request.raw.socket.destroy();
    done();
  });
}
