import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { TrustProxy } from '../config/http.ts';
import { clientAddress, trustedProxy } from './clientAddress.ts';

const FORWARDED = [
  {},
  { 'x-forwarded-for': '203.0.113.7' },
  { 'x-forwarded-for': '198.51.100.1, 203.0.113.7', 'x-forwarded-host': 'a.example, shop.example', 'x-forwarded-proto': 'http, https' },
  { 'x-forwarded-host': 'shop.example', 'x-forwarded-proto': 'https' },
];

describe('client address', () => {
  // The fast lane reads the address, host and protocol without Fastify: the same as Fastify's.
  it.each<[string, TrustProxy]>([
    ['no proxy trusted', false],
    ['every proxy trusted', true],
    ['one hop', 1],
    ['two hops', 2],
    ['loopback listed', ['127.0.0.1']],
    ['another proxy listed', ['10.0.0.0/8']],
  ])("gives Fastify's request.ip, host and protocol with %s", async (_name, trust) => {
    const trusted = trustedProxy(trust);
    const address = clientAddress(trusted);
    const app = Fastify({ trustProxy: trusted });
    app.get('/', (request) => ({
      fastify: { ip: request.ip, host: request.host, protocol: request.protocol },
      ours: { ip: address.ip(request.raw), host: address.host(request.raw), protocol: address.protocol(request.raw) },
    }));
    for (const headers of FORWARDED) {
      const { fastify, ours } = (await app.inject({ url: '/', headers: { host: 'api.example', ...headers } })).json() as Record<string, unknown>;
      expect(ours).toEqual(fastify);
    }
    await app.close();
  });
});
