import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createEvmAdapter } from '@cairn/evm';
import { COINBASE_CONNECTOR_ID, coinbaseWallet } from './coinbase.ts';

// The row and the lazy SDK; the SDK's provider asked for accounts is e2e/connectorPlugins.e2e.ts (it
// needs a browser). What cannot run offline: Coinbase's popup (keys.coinbase.com) and its approval.

describe('coinbaseWallet()', () => {
  it('lists its connector under SPEC §3’s id on the EVM adapter, before any of its code loads', () => {
    const adapter = createEvmAdapter({ connectors: [coinbaseWallet({ appName: 'Shop' })] });
    const stop = adapter.setup({ connectorsChanged: () => undefined, accountsChanged: () => undefined, chainChanged: () => undefined, disconnected: () => undefined });
    expect(adapter.getConnectors()).toEqual([expect.objectContaining({ id: COINBASE_CONNECTOR_ID, name: 'Coinbase Wallet', type: 'EXTERNAL', chain: 'eip155' })]);
    stop();
  });

  it("keeps the SDK out of the site's first load: only a dynamic import reaches it", () => {
    const source = readFileSync(new URL('./coinbase.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^import (?!type)[^;]*from '@coinbase\//m);
    expect(source).toMatch(/await import\('@coinbase\/wallet-sdk'\)/);
  });

  it('names the option at fault', () => {
    expect(() => coinbaseWallet({} as never)).toThrow('coinbaseWallet: pass { appName }');
    expect(() => coinbaseWallet({ appName: 'Shop', appLogoUrl: 'http://x' })).toThrow('`appLogoUrl` must be an https URL');
    expect(() => coinbaseWallet({ appName: 'Shop', chainIds: [0] })).toThrow('`chainIds` must be a list of chain ids');
    expect(() => coinbaseWallet({ appName: 'Shop', wallets: 'some' as never })).toThrow('`wallets` must be');
    expect(() => createEvmAdapter({ connectors: [{}] as never })).toThrow('createEvmAdapter: `connectors` must be a list of connector plugins');
  });
});
