import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadNetworks } from './catalogue/networks.ts';
import { loadTokenList } from './catalogue/tokenList.ts';
import { loadConfig } from './config.ts';
import { iconUrlsFor } from './services.ts';

// The parts of a request iconUrlsFor reads.
const requestFrom = (host: string, query: Record<string, string>) => ({ protocol: 'https', host, query }) as unknown as FastifyRequest;

describe('iconUrlsFor', () => {
  const iconUrls = iconUrlsFor(loadConfig({}), loadTokenList(), loadNetworks());

  it("builds a caller's icon URLs once: the cached balance answers without building them per request", () => {
    const first = iconUrls(requestFrom('api.example', { projectId: 'p', st: 'cairn', sv: '1' }));
    expect(iconUrls(requestFrom('api.example', { projectId: 'p', st: 'cairn', sv: '1' }))).toBe(first);
    expect(first.native('eip155:1')).toBe('https://api.example/public/getAssetImage/eip155%3A1?projectId=p&st=cairn&sv=1');
  });

  it('gives another project, SDK or host URLs of its own', () => {
    const first = iconUrls(requestFrom('api.example', { projectId: 'p', st: 'cairn', sv: '1' }));
    for (const [host, query] of [
      ['api.example', { projectId: 'q', st: 'cairn', sv: '1' }],
      ['api.example', { projectId: 'p', st: 'cairn', sv: '2' }],
      ['other.example', { projectId: 'p', st: 'cairn', sv: '1' }],
    ] as const) {
      const other = iconUrls(requestFrom(host, query));
      expect(other).not.toBe(first);
      expect(other.native('eip155:1')).toBe(`https://${host}/public/getAssetImage/eip155%3A1?${new URLSearchParams(query).toString()}`);
    }
  });
});
