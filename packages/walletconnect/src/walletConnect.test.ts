import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isWalletConnectPlugin } from '@cairn/core';
import { walletConnect } from './walletConnect.ts';

describe('walletConnect()', () => {
  it('makes the plugin createCairn takes, telemetry, Verify and basic mode off by default', () => {
    const plugin = walletConnect({ projectId: 'my-site', relayUrl: 'wss://relay.my.site' });
    expect(isWalletConnectPlugin(plugin)).toBe(true);
    expect(plugin).toMatchObject({ kind: 'walletConnect', projectId: 'my-site', relayUrl: 'wss://relay.my.site', telemetry: false, verify: false, basic: false });
    expect(plugin.metadata).toBeUndefined();
    expect(walletConnect({ projectId: 'p', basic: true, metadata: { name: 'Shop' } })).toMatchObject({ basic: true, metadata: { name: 'Shop' } });
  });

  it('names the option at fault', () => {
    expect(() => walletConnect({} as never)).toThrow('walletConnect: `projectId` must be the id your relay knows the site by');
    expect(() => walletConnect({ projectId: 'has space' })).toThrow('walletConnect: `projectId` must be');
    expect(() => walletConnect({ projectId: 'p', relayUrl: 'https://relay.example' })).toThrow('walletConnect: `relayUrl` must be a ws:// or wss:// URL');
    expect(() => walletConnect({ projectId: 'p', metadata: { name: '' } })).toThrow('walletConnect: `metadata` needs a `name`');
    expect(() => walletConnect({ projectId: 'p', telemetry: 'yes' as never })).toThrow('walletConnect: `telemetry` must be true or false');
    expect(() => walletConnect(null as never)).toThrow('walletConnect: pass { projectId }');
  });

  it("keeps WalletConnect's protocol code out of the site's entry: only a dynamic import reaches it", () => {
    for (const file of ['./walletConnect.ts', './index.ts', './walletConnectErrors.ts']) {
      const source = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(source, file).not.toMatch(/^import (?!type)[^;]*from '@walletconnect\//m);
      expect(source, file).not.toMatch(/^(import|export) (?!type)[^;]*from '\.\/(createWalletConnectClient|client|keepOnSelfHostedRelay|noAttestationVerify)\.ts'/m);
    }
  });
});
