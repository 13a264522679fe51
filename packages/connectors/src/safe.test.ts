import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEvmAdapter } from '@cairn/evm';
import { safe } from './safe.ts';

// Inside a Safe{Wallet} frame: e2e/connectorPlugins.e2e.ts, with a host page of its own speaking the
// Safe apps protocol over the devnet. Here: what a page outside such a frame sees.

describe('safe()', () => {
  it('is not listed, and fetches nothing, on a page that is not inside a Safe{Wallet} frame', async () => {
    const plugin = safe();
    await expect(plugin.available!()).resolves.toBe(false);
    const adapter = createEvmAdapter({ connectors: [plugin] });
    const stop = adapter.setup({ connectorsChanged: () => undefined, accountsChanged: () => undefined, chainChanged: () => undefined, disconnected: () => undefined });
    expect(adapter.getConnectors()).toEqual([]);
    await expect(plugin.loadProvider()).rejects.toThrow('Safe: this page is not open as a Safe app inside Safe{Wallet}');
    stop();
    expect(plugin.connector).toMatchObject({ id: 'safe', type: 'EXTERNAL', chain: 'eip155', autoConnect: true });
  });

  it("keeps the Safe apps SDK out of the site's first load", () => {
    const source = readFileSync(new URL('./safe.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import (?!type)[^;]*from '@safe-global\//m);
    expect(source).not.toMatch(/^import (?!type)[^;]*from '\.\/safeHost\.ts'/m);
  });

  it('names the option at fault', () => {
    expect(() => safe({ allowedDomains: ['app.safe.global'] as never })).toThrow('safe: `allowedDomains` must be a list of regular expressions');
    expect(() => safe({ timeoutMs: -1 })).toThrow('safe: `timeoutMs` must be a positive whole number');
  });
});
