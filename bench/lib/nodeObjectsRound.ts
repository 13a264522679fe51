import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';

/**
 * Node's request and response objects made and answered `n` times without a socket (as the fast
 * lane answers, before Fastify: two listeners, `writeHead` of `headers`, `end` of `body`): the
 * process's CPU µs per pair (issue 25: emitterShapes.ts, s22; inside the server, s27).
 */
export function nodeObjectsRound(n: number, headers: string[], body: string): number {
  const from = process.cpuUsage();
  for (let i = 0; i < n; i++) {
    const request = new IncomingMessage(new Socket());
    const response = new ServerResponse(request);
    const listener = () => {};
    request.on('end', listener);
    response.on('finish', listener);
    response.writeHead(200, headers);
    response.end(body);
    request.removeListener('end', listener);
    response.removeListener('finish', listener);
  }
  const spent = process.cpuUsage(from);
  return (spent.user + spent.system) / n;
}
