import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustProxy } from '../config/http.ts';

/** Whether the proxy at `address`, `hop` hops from this server, is trusted to say who it forwards for. */
export type TrustedProxy = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as one function, given to Fastify (`trustProxy`) and read by the fast lane alike, so
 * both take a request's address, host and protocol from the same proxies. A hop count N trusts the
 * N nearest proxies (as proxy-addr does for a number); addresses and CIDR ranges are compiled as
 * Fastify would compile them; false trusts none.
 */
export function trustedProxy(trust: TrustProxy): TrustedProxy | false {
  if (trust === false) return false;
  if (trust === true) return () => true;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return proxyAddr.compile(trust);
}

/** A request's client address, host and protocol, as Fastify's request.ip, .host and .protocol give them. */
export interface ClientAddress {
  ip(request: IncomingMessage): string | undefined;
  host(request: IncomingMessage): string;
  protocol(request: IncomingMessage): string;
}

/** The last of a header's comma-separated values (a proxy appends its own). */
function lastValue(header: string): string {
  const comma = header.lastIndexOf(',');
  return comma === -1 ? header.trim() : header.slice(comma + 1).trim();
}

export function clientAddress(trust: TrustedProxy | false): ClientAddress {
  const ownProtocol = (request: IncomingMessage) => ('encrypted' in request.socket && request.socket.encrypted ? 'https' : 'http');
  const ownHost = (request: IncomingMessage) => request.headers.host ?? '';
  if (trust === false) return { ip: (request) => request.socket.remoteAddress, host: ownHost, protocol: ownProtocol };
  const fromProxy = (request: IncomingMessage, header: string | string[] | undefined): string | undefined => {
    const peer = request.socket.remoteAddress;
    return typeof header === 'string' && header !== '' && peer !== undefined && trust(peer, 0) ? lastValue(header) : undefined;
  };
  return {
    ip: (request) => {
      const addresses = proxyAddr.all(request, trust);
      return addresses[addresses.length - 1];
    },
    host: (request) => fromProxy(request, request.headers['x-forwarded-host']) ?? ownHost(request),
    protocol: (request) => fromProxy(request, request.headers['x-forwarded-proto']) ?? ownProtocol(request),
  };
}
