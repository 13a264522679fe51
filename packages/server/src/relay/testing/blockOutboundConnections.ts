import dns from 'node:dns';
import net from 'node:net';

export type OutboundAttempt = { via: 'fetch' | 'socket' | 'dns'; target: string };

const LOOPBACK = new Set(['127.0.0.1', '::1', 'localhost']);
const isLoopback = (host: string) => LOOPBACK.has(host.replace(/^\[|\]$/g, ''));

type ConnectOptions = { host?: string; port?: number | string; path?: string };

function connectTarget(args: unknown[]): ConnectOptions {
  // net.connect() hands Socket#connect its normalized arguments as one array.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (typeof first === 'object' && first !== null) return first as ConnectOptions;
  if (typeof first === 'string' && !/^\d+$/.test(first)) return { path: first };
  return { port: first as number, host: typeof args[1] === 'string' ? args[1] : undefined };
}

/**
 * Until restore(): every fetch, TCP connect or DNS lookup this process makes to anything but
 * 127.0.0.1 / ::1 / localhost is refused before it leaves (no DNS query, no packet) and recorded,
 * so a test can show the WalletConnect clients reach nothing but the local relay.
 */
export function blockOutboundConnections(): { attempts: OutboundAttempt[]; restore(): void } {
  const attempts: OutboundAttempt[] = [];
  const originalFetch = globalThis.fetch;
  const originalConnect = net.Socket.prototype.connect;
  const originalLookup = dns.lookup;
  const originalPromisesLookup = dns.promises.lookup;

  globalThis.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!isLoopback(url.hostname)) {
      attempts.push({ via: 'fetch', target: `${url.origin}${url.pathname}` });
      throw new TypeError(`fetch failed: ${url.host} is outside 127.0.0.1 (refused by the test)`);
    }
    return originalFetch(input, init);
  };
  net.Socket.prototype.connect = function (this: net.Socket, ...args: unknown[]) {
    const target = connectTarget(args);
    const host = target.host ?? 'localhost';
    if (target.path === undefined && !isLoopback(host)) {
      attempts.push({ via: 'socket', target: `${host}:${String(target.port)}` });
      process.nextTick(() => this.destroy(new Error(`connect to ${host} refused by the test: outside 127.0.0.1`)));
      return this;
    }
    return (originalConnect as (...rest: unknown[]) => net.Socket).apply(this, args);
  } as typeof net.Socket.prototype.connect;
  dns.lookup = function (hostname: string, ...rest: unknown[]) {
    if (!isLoopback(hostname)) {
      attempts.push({ via: 'dns', target: hostname });
      const callback = rest.at(-1) as (error: Error) => void;
      process.nextTick(() => callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (refused by the test)`), { code: 'ENOTFOUND' })));
      return;
    }
    return (originalLookup as (...all: unknown[]) => void)(hostname, ...rest);
  } as typeof dns.lookup;
  dns.promises.lookup = async function (hostname: string, ...rest: unknown[]) {
    if (!isLoopback(hostname)) {
      attempts.push({ via: 'dns', target: hostname });
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname} (refused by the test)`), { code: 'ENOTFOUND' });
    }
    return (originalPromisesLookup as (...all: unknown[]) => Promise<unknown>)(hostname, ...rest);
  } as typeof dns.promises.lookup;

  return {
    attempts,
    restore() {
      globalThis.fetch = originalFetch;
      net.Socket.prototype.connect = originalConnect;
      dns.lookup = originalLookup;
      dns.promises.lookup = originalPromisesLookup;
    },
  };
}
