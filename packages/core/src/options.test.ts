import { describe, expect, it } from 'vitest';
import { resolveOptions, type CairnOptions } from './options.ts';
import { scriptedWalletConnectPlugin } from './testing/scriptedWalletConnect.ts';
import { memoryStorage } from './storage.ts';
import { createFakeAdapter, testNetworks } from './testing/fakeAdapter.ts';
import type { CaipNetwork } from './types.ts';

const { mainnet, optimism, solana } = testNetworks;
const evm = createFakeAdapter();
const base: CairnOptions = { networks: [mainnet, optimism], adapters: [evm] };

/** Casts past the types, as a plain-JS site would. */
const loose = (options: Record<string, unknown>) => ({ ...base, ...options }) as unknown as CairnOptions;

describe('resolveOptions', () => {
  it('fills the defaults', () => {
    const resolved = resolveOptions(base);
    expect(resolved).toMatchObject({
      networks: [mainnet, optimism],
      adapters: [evm],
      defaultNetwork: mainnet,
      allowUnsupportedChain: false,
      features: { networkSwitching: true },
      themeMode: 'system',
      themeVariables: { light: {}, dark: {} },
    });
    expect(resolved.onEvent).toBeUndefined();
    expect(resolved.storage).toBeUndefined();
  });

  it('keeps what the site set', () => {
    const onEvent = () => {};
    const storage = memoryStorage();
    const resolved = resolveOptions({
      ...base,
      defaultNetwork: optimism,
      allowUnsupportedChain: true,
      features: { networkSwitching: false },
      themeMode: 'dark',
      themeVariables: { '--cairn-accent': '#ff007a' },
      metadata: { name: 'Demo' },
      onEvent,
      storage,
    });
    expect(resolved).toMatchObject({
      defaultNetwork: optimism,
      allowUnsupportedChain: true,
      features: { networkSwitching: false },
      themeMode: 'dark',
      themeVariables: { light: { '--cairn-accent': '#ff007a' }, dark: { '--cairn-accent': '#ff007a' } },
      metadata: { name: 'Demo' },
    });
    expect(resolved.onEvent).toBe(onEvent);
    expect(resolved.storage).toBe(storage);
  });

  it('rejects options that are not an object', () => {
    expect(() => resolveOptions(null as unknown as CairnOptions)).toThrow('createCairn: options must be an object');
  });

  it('rejects an empty or missing network list', () => {
    const message = 'createCairn: `networks` must list at least one network';
    expect(() => resolveOptions(loose({ networks: [] }))).toThrow(message);
    expect(() => resolveOptions(loose({ networks: undefined }))).toThrow(message);
  });

  it('rejects a network listed twice', () => {
    expect(() => resolveOptions(loose({ networks: [mainnet, optimism, { ...mainnet }] }))).toThrow(
      'createCairn: network eip155:1 is listed twice',
    );
  });

  it('rejects a network whose id is not CAIP-2', () => {
    const message = 'createCairn: every network needs a CAIP-2 `caipNetworkId` such as "eip155:1"';
    const bad = (caipNetworkId: unknown) => ({ ...mainnet, caipNetworkId }) as unknown as CaipNetwork;
    expect(() => resolveOptions(loose({ networks: [bad('mainnet')] }))).toThrow(message);
    expect(() => resolveOptions(loose({ networks: [bad('eip155:')] }))).toThrow(message);
    expect(() => resolveOptions(loose({ networks: [bad(1)] }))).toThrow(message);
    expect(() => resolveOptions(loose({ networks: [null] }))).toThrow(message);
  });

  it('rejects a missing adapter list', () => {
    expect(() => resolveOptions(loose({ adapters: [] }))).toThrow('createCairn: `adapters` must list at least one chain adapter');
  });

  it('rejects a network whose namespace has no adapter', () => {
    expect(() => resolveOptions(loose({ networks: [mainnet, solana] }))).toThrow(
      `createCairn: no adapter for ${solana.caipNetworkId} (namespace solana)`,
    );
  });

  it('rejects an unknown themeMode', () => {
    expect(() => resolveOptions(loose({ themeMode: 'sepia' }))).toThrow(
      'createCairn: `themeMode` must be one of light, dark, system',
    );
  });

  it('rejects an unknown theme variable', () => {
    expect(() => resolveOptions(loose({ themeVariables: { '--w3m-accent': 'red' } }))).toThrow(
      'createCairn: `themeVariables`: unknown theme variable --w3m-accent',
    );
  });

  it('rejects a theme value that could break out of a CSS declaration', () => {
    for (const value of ['red; background: url(x)', 'red}', '<script>', 12]) {
      expect(() => resolveOptions(loose({ themeVariables: { '--cairn-accent': value } }))).toThrow(
        'createCairn: `themeVariables`: theme variable --cairn-accent has an invalid value',
      );
    }
  });

  it("reads a network without an RPC URL through the site's server, and keeps a site's own", () => {
    const serverRead: CaipNetwork = { ...optimism, rpcUrls: { default: { http: [] } } };
    const api = { url: 'http://127.0.0.1:8787', projectId: 'cairn-local' };
    const resolved = resolveOptions({ ...base, networks: [mainnet, serverRead], defaultNetwork: serverRead, api });
    expect(resolved.networks.map((network) => network.rpcUrls.default.http)).toEqual([
      mainnet.rpcUrls.default.http,
      ['http://127.0.0.1:8787/v1/?projectId=cairn-local&st=cairn&sv=0.1.0&chainId=eip155%3A10'],
    ]);
    expect(resolved.defaultNetwork).toBe(resolved.networks[1]);
    expect(() => resolveOptions({ ...base, networks: [mainnet, serverRead] })).toThrow(
      'createCairn: network eip155:10 has no RPC URL: give it an rpcUrl, or set `api` (your Cairn server is its RPC)',
    );
  });

  it('keeps a valid api config and rejects a bad URL or project id', () => {
    expect(resolveOptions({ ...base, api: { url: 'http://127.0.0.1:8787', projectId: 'cairn-local' } }).api).toEqual({
      url: 'http://127.0.0.1:8787',
      projectId: 'cairn-local',
    });
    expect(() => resolveOptions(loose({ api: { url: 'ftp://x', projectId: 'p' } }))).toThrow('`api.url` must be the http(s) URL');
    expect(() => resolveOptions(loose({ api: { url: 'http://x' } }))).toThrow('`api.projectId` must be the project id');
    expect(() => resolveOptions(loose({ api: null }))).toThrow('`api.url`');
  });

  it('rejects a defaultNetwork that is not among the networks', () => {
    expect(() => resolveOptions({ ...base, defaultNetwork: testNetworks.unlisted })).toThrow(
      'createCairn: `defaultNetwork` must be one of `networks`',
    );
  });
});

describe('resolveOptions: WalletConnect and the catalogue', () => {
  it("takes the WalletConnect plugin, with the site's metadata as the wallet's by default", () => {
    const plugin = scriptedWalletConnectPlugin(() => Promise.reject(new Error('unused')), { projectId: 'site-1', metadata: undefined, relayUrl: 'ws://127.0.0.1:8787/relay' });
    const resolved = resolveOptions({ ...base, metadata: { name: 'Shop' }, walletConnect: plugin });
    expect(resolved.walletConnect).toEqual({ ...plugin, metadata: { name: 'Shop' } });
    const own = scriptedWalletConnectPlugin(() => Promise.reject(new Error('unused')), { metadata: { name: 'Shop for phones' } });
    expect(resolveOptions({ ...base, metadata: { name: 'Shop' }, walletConnect: own }).walletConnect?.metadata).toEqual({ name: 'Shop for phones' });
  });

  it('names the option at fault', () => {
    expect(() => resolveOptions(loose({ metadata: { name: 'Shop' }, walletConnect: { relayUrl: 'wss://relay.example' } }))).toThrow(
      'createCairn: `walletConnect` must be the value of walletConnect({ projectId }) from @cairn/walletconnect',
    );
    expect(() => resolveOptions(loose({ projectId: 'p', metadata: { name: 'Shop' } }))).toThrow(
      "createCairn: the top-level `projectId` is gone: pass `walletConnect: walletConnect({ projectId })` from @cairn/walletconnect (your Cairn server's project stays `api.projectId`)",
    );
    const nameless = scriptedWalletConnectPlugin(() => Promise.reject(new Error('unused')), { metadata: undefined });
    expect(() => resolveOptions({ ...base, walletConnect: nameless })).toThrow(/WalletConnect needs `metadata.name`/);
    expect(() => resolveOptions(loose({ featuredWalletIds: ['io.metamask', 42] }))).toThrow(
      'createCairn: `featuredWalletIds` must be a list of wallet ids',
    );
    expect(() => resolveOptions(loose({ excludeWalletIds: 'io.metamask' }))).toThrow('createCairn: `excludeWalletIds` must be a list of wallet ids');
  });

  it('turns the All Wallets catalogue on by default', () => {
    expect(resolveOptions(base).features.allWallets).toBe(true);
    expect(resolveOptions({ ...base, features: { allWallets: false } }).features.allWallets).toBe(false);
  });
});

describe('locale and swap networks', () => {
  it('keeps a canonical BCP 47 locale and refuses anything else', () => {
    expect(resolveOptions({ ...base, locale: 'pt-br' }).locale).toBe('pt-BR');
    expect(resolveOptions(base).locale).toBeUndefined();
    for (const bad of ['', 'not a tag!', 42, 'x'.repeat(300)]) {
      expect(() => resolveOptions({ ...base, locale: bad as string }), String(bad)).toThrow(/`locale` must be a BCP 47 language tag/);
    }
  });

  it('takes eip155 CAIP-2 ids as swap networks', () => {
    expect(resolveOptions({ ...base, swapNetworks: ['eip155:31337'] }).swapNetworks).toEqual(['eip155:31337']);
    expect(() => resolveOptions({ ...base, swapNetworks: ['solana:abc'] })).toThrow(/swapNetworks/);
    expect(() => resolveOptions({ ...base, swapNetworks: 'eip155:1' as unknown as string[] })).toThrow(/swapNetworks/);
  });
});

describe('features', () => {
  it('defaults every SPEC §9 switch', () => {
    expect(resolveOptions(base).features).toEqual({
      networkSwitching: true,
      allWallets: true,
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      email: true,
      history: true,
      analytics: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    });
  });

  it('keeps a switch the site sets', () => {
    const { features } = resolveOptions({ ...base, termsConditionsUrl: 'https://shop.example/terms', features: { swaps: false, legalCheckbox: true, socials: ['github', 'google'] } });
    expect(features).toMatchObject({ swaps: false, legalCheckbox: true, send: true, socials: ['github', 'google'] });
  });

  it('the legal checkbox needs the terms or the privacy policy it links, as http(s) URLs', () => {
    const legal = { features: { legalCheckbox: true } };
    expect(() => resolveOptions({ ...base, ...legal })).toThrow(
      new TypeError('createCairn: `features.legalCheckbox` needs `termsConditionsUrl` or `privacyPolicyUrl` (the checkbox links them)'),
    );
    expect(resolveOptions({ ...base, ...legal, privacyPolicyUrl: 'https://shop.example/privacy' })).toMatchObject({ privacyPolicyUrl: 'https://shop.example/privacy' });
    expect(() => resolveOptions(loose({ ...legal, termsConditionsUrl: 'javascript:alert(1)' }))).toThrow('createCairn: `termsConditionsUrl` must be an http(s) URL');
    expect(() => resolveOptions(loose({ privacyPolicyUrl: 42 }))).toThrow('createCairn: `privacyPolicyUrl` must be an http(s) URL');
  });

  it("takes the site's custom wallets, which need WalletConnect", () => {
    const customWallets = [{ id: 'org.trailhead.wallet', name: 'Trail Wallet', mobile_link: 'trailwallet://' }];
    expect(() => resolveOptions({ ...base, customWallets })).toThrow(/`customWallets` connect over WalletConnect when not installed/);
    const walletConnect = scriptedWalletConnectPlugin(() => Promise.reject(new Error('unused')), { metadata: { name: 'Shop' } });
    const resolved = resolveOptions({ ...base, customWallets, walletConnect });
    expect(resolved.customWallets.map((entry) => entry.wallet.id)).toEqual(['org.trailhead.wallet']);
    expect(resolveOptions(base).customWallets).toEqual([]);
  });

  it('refuses a switch that is not a boolean, naming it', () => {
    expect(() => resolveOptions({ ...base, features: { history: 'yes' as unknown as boolean } })).toThrow(
      new TypeError('createCairn: `features.history` must be true or false'),
    );
  });

  it('refuses an unknown social provider, naming it', () => {
    expect(() => resolveOptions({ ...base, features: { socials: ['google', 'myspace'] as never } })).toThrow(/unknown provider myspace/);
    expect(() => resolveOptions({ ...base, features: { socials: 'google' as never } })).toThrow(TypeError);
  });
});

describe('siwx', () => {
  const backend = { getNonce: async () => 'abcdefgh', verify: async () => true, getSession: async () => undefined, signOut: async () => undefined };

  it("takes the site's own backend instead of Cairn's server", () => {
    expect(resolveOptions({ ...base, siwx: { backend } }).siwx?.backend).toBe(backend);
  });

  it('needs Cairn\'s server or a backend', () => {
    expect(() => resolveOptions({ ...base, siwx: {} })).toThrow('createCairn: `siwx` needs `api` (the Cairn server that verifies sign-ins) or `siwx.backend` (your own)');
  });

  it('names the functions a backend lacks', () => {
    const partial = { getNonce: backend.getNonce, verify: backend.verify } as unknown as typeof backend;
    expect(() => resolveOptions({ ...base, siwx: { backend: partial } })).toThrow(
      'createCairn: `siwx.backend` must have the functions getNonce, verify, getSession, signOut (and optionally createMessage)',
    );
  });
});
