import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, type ConfigError } from './config.ts';
import { DEVNET_CONTRACTS } from './devnetDefaults.ts';

describe('loadConfig', () => {
  it('defaults to the devnet stack: SQLite file, chains 31337/31338, demo origins, cairn-local', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8787);
    expect(config.database).toEqual({ dialect: 'sqlite', path: join(process.cwd(), '.data', 'cairn-8787.sqlite') });
    expect(loadConfig({ SERVER_PORT: '28787' }).database).toEqual({ dialect: 'sqlite', path: expect.stringMatching(/cairn-28787\.sqlite$/) });
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).database).toEqual({ dialect: 'sqlite', path: ':memory:' });
    expect(config.chains.map((chain) => [chain.chainId, chain.rpcUrl, chain.multicallAddress])).toEqual([
      [31337, 'http://127.0.0.1:8545', DEVNET_CONTRACTS.multicall3],
      [31338, 'http://127.0.0.1:8546', DEVNET_CONTRACTS.multicall3],
    ]);
    expect(config.corsOrigins).toEqual(['http://127.0.0.1:5173', 'http://127.0.0.1:24173']);
    expect(config.projectIds).toEqual(['cairn-local']);
    expect(config.spamContracts).toEqual([`*:${DEVNET_CONTRACTS.spamNft.toLowerCase()}`]);
    // Only devnet chains: no reorg window (a fresh devnet reuses the database); a real chain: 64.
    expect(config.indexer).toEqual({ enabled: true, pollMs: 1000, leaseMs: 5000, reorgWindow: Number.MAX_SAFE_INTEGER });
    expect(config.siwx).toEqual({
      domains: ['127.0.0.1:5173', 'localhost:5173', '127.0.0.1:24173'],
      // Loopback hosts: the local stack serves the demo over plain http.
      origins: {
        '127.0.0.1:5173': ['https://127.0.0.1:5173', 'http://127.0.0.1:5173'],
        'localhost:5173': ['https://localhost:5173', 'http://localhost:5173'],
        '127.0.0.1:24173': ['https://127.0.0.1:24173', 'http://127.0.0.1:24173'],
      },
      sessionTtlSeconds: 604800,
      nonceTtlSeconds: 600,
    });
    expect(config.trustProxy).toBe(false);
    expect(config.forcedRefreshMs).toBe(10000);
    expect(config.rateLimit).toEqual({ perIp: 600, imagesPerIp: 6000, perProject: 60000, noncePerIp: 30, nonceTotal: 3000 });
    expect(config.relay).toEqual({ enabled: true, maxConnections: 4000, maxConnectionsPerIp: 50, maxStoredMb: 128 });
    expect(loadConfig({ RELAY_MAX_CONNECTIONS: '100', RELAY_MAX_CONNECTIONS_PER_IP: '5', RELAY_MAX_STORED_MB: '16' }).relay).toEqual({ enabled: true, maxConnections: 100, maxConnectionsPerIp: 5, maxStoredMb: 16 });
  });

  it('serves the WalletConnect relay by default on the devnet stack only; RELAY_ENABLED decides otherwise', () => {
    expect(loadConfig({ RPC_URL_31337: 'http://127.0.0.1:20545' }).relay.enabled).toBe(true);
    expect(loadConfig({ RPC_URL_1: 'https://eth.example/rpc' }).relay.enabled).toBe(false);
    expect(loadConfig({ RPC_URL_1: 'https://eth.example/rpc', RPC_URL_31337: 'http://127.0.0.1:8545' }).relay.enabled).toBe(false);
    expect(loadConfig({ RPC_URL_1: 'https://eth.example/rpc', RELAY_ENABLED: 'true' }).relay.enabled).toBe(true);
    expect(loadConfig({ RELAY_ENABLED: 'false' }).relay.enabled).toBe(false);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      SERVER_PORT: '9000',
      DATABASE_URL: 'postgres://cairn:secret@db.internal:5432/cairn',
      RPC_URL_1: 'https://eth.example/rpc, https://backup.example/rpc',
      MULTICALL_ADDRESS_1: '0x0000000000000000000000000000000000000abc',
      STABLECOIN_ADDRESS_1: '0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
      INDEXER_START_BLOCK_1: '21000000',
      CORS_ORIGINS: 'https://shop.example, https://www.shop.example',
      PROJECT_IDS: 'shop,shop-staging',
      SPAM_CONTRACTS: 'eip155:1:0x000000000000000000000000000000000000dEaD,0x0000000000000000000000000000000000000001',
      INDEXER_POLL_MS: '12000',
      ANALYTICS_ENABLED: 'true',
      SIWX_DOMAINS: 'shop.example, https://www.shop.example:8443, http://intranet.example',
      TRUST_PROXY: '10.0.0.0/8, 192.168.1.1',
      RATE_LIMIT_PER_MINUTE: '100',
      RATE_LIMIT_IMAGES_PER_MINUTE: '2000',
      RATE_LIMIT_PROJECT_PER_MINUTE: '1000',
      NONCE_RATE_LIMIT_PER_MINUTE: '5',
      NONCE_RATE_LIMIT_TOTAL_PER_MINUTE: '50',
      SESSION_TTL_SECONDS: '3600',
      NONCE_TTL_SECONDS: '120',
    });
    expect(config.port).toBe(9000);
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://cairn:secret@db.internal:5432/cairn' });
    expect(config.chains).toEqual([
      {
        chainId: 1, rpcUrl: 'https://eth.example/rpc', rpcUrls: ['https://eth.example/rpc', 'https://backup.example/rpc'], wsUrls: [], multicallAddress: '0x0000000000000000000000000000000000000aBc',
        stablecoinAddress: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', ammFactoryAddress: undefined, wrappedNativeAddress: undefined, ammRouterAddress: undefined, onrampFunderKey: undefined,
        indexerStartBlock: 21000000,
      },
    ]);
    expect(config.corsOrigins).toEqual(['https://shop.example', 'https://www.shop.example']);
    expect(config.projectIds).toEqual(['shop', 'shop-staging']);
    expect(config.spamContracts).toEqual(['1:0x000000000000000000000000000000000000dead', '*:0x0000000000000000000000000000000000000001']);
    expect(config.indexer.pollMs).toBe(12000);
    expect(config.indexer.reorgWindow).toBe(64);
    expect(loadConfig({ RPC_URL_1: 'https://eth.example/rpc', INDEXER_REORG_WINDOW: '200' }).indexer.reorgWindow).toBe(200);
    expect(config.analyticsEnabled).toBe(true);
    expect(config.siwx).toEqual({
      domains: ['shop.example', 'www.shop.example:8443', 'intranet.example'],
      origins: {
        'shop.example': ['https://shop.example'],
        'www.shop.example:8443': ['https://www.shop.example:8443'],
        'intranet.example': ['http://intranet.example'],
      },
      sessionTtlSeconds: 3600,
      nonceTtlSeconds: 120,
    });
    expect(config.trustProxy).toEqual(['10.0.0.0/8', '192.168.1.1']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(config.rateLimit).toEqual({ perIp: 100, imagesPerIp: 2000, perProject: 1000, noncePerIp: 5, nonceTotal: 50 });
  });

  it('fails at start with a message naming the variable', () => {
    const cases: [NodeJS.ProcessEnv, string][] = [
      [{ SERVER_PORT: 'abc' }, 'SERVER_PORT must be an integer'],
      [{ SERVER_PORT: '70000' }, 'SERVER_PORT must be an integer from 0 to 65535'],
      [{ RPC_URL_1: 'ftp://x' }, 'RPC_URL_1 must be an http(s) URL'],
      [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must be postgres://'],
      [{ CORS_ORIGINS: 'https://shop.example/path' }, 'CORS_ORIGINS must list origins'],
      [{ PROJECT_IDS: 'ok,not ok' }, 'PROJECT_IDS must list ids'],
      [{ SPAM_CONTRACTS: 'spam' }, 'SPAM_CONTRACTS must list addresses'],
      [{ INDEXER_POLL_MS: '-5' }, 'INDEXER_POLL_MS must be an integer'],
      [{ INDEXER_ENABLED: 'perhaps' }, 'INDEXER_ENABLED must be true or false'],
      [{ RELAY_ENABLED: 'sometimes' }, 'RELAY_ENABLED must be true or false'],
      [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL must be one of'],
      [{ SIWX_DOMAINS: 'shop example' }, 'SIWX_DOMAINS must list hosts'],
      [{ SIWX_DOMAINS: 'https://shop.example/login' }, 'SIWX_DOMAINS must list origins without a path'],
      [{ TRUST_PROXY: 'the usual' }, 'TRUST_PROXY must be false, true, a hop count or proxy addresses'],
      [{ RATE_LIMIT_PER_MINUTE: '-1' }, 'RATE_LIMIT_PER_MINUTE must be an integer from 0'],
      [{ NONCE_RATE_LIMIT_PER_MINUTE: '0' }, 'NONCE_RATE_LIMIT_PER_MINUTE must be an integer from 1'],
      [{ SESSION_TTL_SECONDS: '0' }, 'SESSION_TTL_SECONDS must be an integer'],
      [{ NONCE_TTL_SECONDS: 'ten' }, 'NONCE_TTL_SECONDS must be an integer'],
      [{ RPC_URL_5: 'http://127.0.0.1:9', MULTICALL_ADDRESS_5: '0x12' }, 'MULTICALL_ADDRESS_5 must be a 0x-prefixed 20-byte address'],
    ];
    for (const [env, message] of cases) expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
  });

  it('of several bad variables, names the first in the order the areas are read, the same on every start', () => {
    const bad: NodeJS.ProcessEnv = {
      LOG_LEVEL: 'loud',
      PUBLIC_URL: 'ftp://x',
      PROJECT_IDS: 'not ok',
      SERVER_PORT: '70000',
      RPC_URL_1: 'ftp://x',
      DATABASE_URL: 'mysql://x',
      RPC_CACHE_MB: '-1',
      CORS_ORIGINS: 'https://shop.example/path',
      INDEXER_ENABLED: 'perhaps',
      SIWX_DOMAINS: 'shop example',
      RELAY_ENABLED: 'sometimes',
      TRUST_PROXY: 'the usual',
      SMTP_URL: 'http://x',
      NAME_ZONE: '!',
      RATE_LIMIT_PER_MINUTE: '-1',
    };
    const reported: string[] = [];
    const env = { ...bad };
    for (;;) {
      let variable: string | undefined;
      try {
        loadConfig(env);
      } catch (error) {
        variable = (error as ConfigError).variable;
      }
      if (variable === undefined) break;
      reported.push(variable);
      delete env[variable];
    }
    expect(reported).toEqual(Object.keys(bad));
  });

  it('sets up e-mail login: SMTP_URL, LOGIN_SECRET (required beside a real chain), limits; and the name zone', () => {
    const devnet = loadConfig({});
    expect(devnet.login.smtpUrl).toBeUndefined();
    expect(devnet.login.secret).toHaveLength(32);
    expect(devnet.login).toMatchObject({ siteName: 'Cairn', codesPerAddressPerHour: 5, codesPerIp: 10, sessionTtlSeconds: 7 * 24 * 3600 });
    expect(devnet.nameZone).toBe('.cairn.id');
    const secret = 's'.repeat(40);
    const real = loadConfig({ RPC_URL_1: 'https://rpc.example/eth', SMTP_URL: 'smtps://u:p@mail.example:465', LOGIN_SECRET: secret, MAIL_FROM: 'Shop <login@shop.example>', LOGIN_SITE_NAME: 'Shop', NAME_ZONE: 'Shop.ID' });
    expect(new TextDecoder().decode(real.login.secret)).toBe(secret);
    expect(real.login).toMatchObject({ smtpUrl: 'smtps://u:p@mail.example:465', mailFrom: 'Shop <login@shop.example>', siteName: 'Shop' });
    expect(real.nameZone).toBe('.shop.id');
    expect(() => loadConfig({ RPC_URL_1: 'https://rpc.example/eth', SMTP_URL: 'smtp://mail.example' })).toThrow(/^LOGIN_SECRET must be set when SMTP_URL or a social provider is/);
    expect(() => loadConfig({ LOGIN_SECRET: 'short-secret' })).toThrow(/^LOGIN_SECRET must be at least 32 characters/);
    expect(() => loadConfig({ LOGIN_SECRET: 'short-secret' })).not.toThrow(/short-secret/);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/^SMTP_URL must be an smtp/);
    expect(() => loadConfig({ NAME_ZONE: 'not a zone' })).toThrow(/^NAME_ZONE must be a domain/);
  });

  it('turns on the social providers given a client id, with their presets or the URLs set', () => {
    expect(loadConfig({}).login.social).toEqual([]);
    const config = loadConfig({
      SOCIAL_GOOGLE_CLIENT_ID: 'g', SOCIAL_GOOGLE_CLIENT_SECRET: 'gs',
      SOCIAL_GITHUB_CLIENT_ID: 'h', SOCIAL_GITHUB_CLIENT_SECRET: 'hs', SOCIAL_GITHUB_USERINFO_URL: 'http://127.0.0.1:9400/me', SOCIAL_GITHUB_SCOPES: 'openid',
    });
    expect(config.login.social).toEqual([
      { id: 'google', kind: 'oidc', issuer: 'https://accounts.google.com', clientId: 'g', clientSecret: 'gs', scopes: ['openid', 'email'] },
      { id: 'github', kind: 'oauth2', authorizationUrl: 'https://github.com/login/oauth/authorize', tokenUrl: 'https://github.com/login/oauth/access_token', userinfoUrl: 'http://127.0.0.1:9400/me', clientId: 'h', clientSecret: 'hs', scopes: ['openid'] },
    ]);
    expect(config.login.socialCallbackUrl).toBe('http://127.0.0.1:8787/auth/v1/social/callback');
    expect(loadConfig({ PUBLIC_URL: 'https://api.shop.example/' }).login.socialCallbackUrl).toBe('https://api.shop.example/auth/v1/social/callback');
    expect(() => loadConfig({ SOCIAL_X_CLIENT_ID: 'x' })).toThrow(/^SOCIAL_X_CLIENT_SECRET must be set/);
    expect(() => loadConfig({ SOCIAL_GOOGLE_CLIENT_ID: 'g', SOCIAL_GOOGLE_CLIENT_SECRET: 's', SOCIAL_GOOGLE_ISSUER: 'ftp://x' })).toThrow(/^SOCIAL_GOOGLE_ISSUER must be an http/);
    expect(() => loadConfig({ RPC_URL_1: 'https://rpc.example/eth', SOCIAL_GOOGLE_CLIENT_ID: 'g', SOCIAL_GOOGLE_CLIENT_SECRET: 's' })).toThrow(/^LOGIN_SECRET must be set/);
  });

  it("knows the secure frame's origins (FRAME_ORIGINS), required beside a real chain with a social provider: the provider's code goes only there", () => {
    expect(loadConfig({}).login.frameOrigins).toEqual(['http://127.0.0.1:5174', 'http://127.0.0.1:27174']);
    const real = { RPC_URL_1: 'https://rpc.example/eth', LOGIN_SECRET: 's'.repeat(40), SOCIAL_GOOGLE_CLIENT_ID: 'g', SOCIAL_GOOGLE_CLIENT_SECRET: 's' };
    expect(loadConfig({ ...real, FRAME_ORIGINS: 'https://wallet.shop.example/' }).login.frameOrigins).toEqual(['https://wallet.shop.example']);
    expect(() => loadConfig(real)).toThrow(/^FRAME_ORIGINS must be set when a social provider is/);
    expect(() => loadConfig({ ...real, FRAME_ORIGINS: '*' })).toThrow(/^FRAME_ORIGINS must list exact origins/);
    expect(() => loadConfig({ FRAME_ORIGINS: 'https://wallet.shop.example/app' })).toThrow(/^FRAME_ORIGINS must list origins like/);
  });

  it('does not echo a database password in its error', () => {
    expect(() => loadConfig({ DATABASE_URL: 'mysql://root:hunter2@db/x' })).toThrow(/^(?!.*hunter2)/);
  });
});

describe('loadConfig: the RPC proxy', () => {
  it('serves the devnet Polkadot chain when no chain is named, and RPC_URL_POLKADOT_<reference> otherwise', () => {
    expect(loadConfig({}).polkadotChains).toEqual([{ reference: '45'.repeat(16), rpcUrls: ['http://127.0.0.1:9944'], wsUrls: ['ws://127.0.0.1:9944'] }]);
    const reference = '91b171bb158e2d3848fa23a9f1c25182';
    expect(loadConfig({ RPC_URL_1: 'https://eth.example', [`RPC_URL_POLKADOT_${reference}`]: 'https://dot.example, https://dot2.example' }).polkadotChains).toEqual([
      { reference, rpcUrls: ['https://dot.example', 'https://dot2.example'], wsUrls: [] },
    ]);
    expect(loadConfig({ RPC_URL_1: 'https://eth.example' }).polkadotChains).toEqual([]);
    expect(() => loadConfig({ RPC_URL_POLKADOT_polkadot: 'https://dot.example' })).toThrow('RPC_URL_POLKADOT_polkadot must name a CAIP-2 reference');
  });

  it('reads the proxy bounds, limits and block times, higher limits on the devnet stack', () => {
    const real = loadConfig({ RPC_URL_1: 'https://eth.example', RPC_BLOCK_TIME_MS: '2000', RPC_BLOCK_TIME_MS_1: '12000', RPC_MAX_BATCH_CALLS: '50', RPC_CACHE_MB: '8' }).rpcProxy;
    expect(real).toMatchObject({ callsPerMinute: 3000, projectCallsPerMinute: 600_000, maxBatchCalls: 50, maxBodyBytes: 512 * 1024, upstreamTimeoutMs: 10_000, cacheBytes: 8 * 1024 * 1024 });
    expect(real.blockTimeMs(1)).toBe(12_000);
    expect(real.blockTimeMs(10)).toBe(2000);
    expect(loadConfig({}).rpcProxy.callsPerMinute).toBe(1_000_000);
    expect(() => loadConfig({ RPC_MAX_BATCH_CALLS: '0' })).toThrow('RPC_MAX_BATCH_CALLS must be an integer from 1 to 1000');
    expect(real.maxCallGas).toBe(50_000_000);
    expect(loadConfig({ RPC_MAX_CALL_GAS: '30000000' }).rpcProxy.maxCallGas).toBe(30_000_000);
    expect(() => loadConfig({ RPC_MAX_CALL_GAS: '21000' })).toThrow('RPC_MAX_CALL_GAS must be an integer from 100000 to 1000000000');
    expect(() => loadConfig({ RPC_MAX_CALL_GAS: '0x2faf080' })).toThrow('RPC_MAX_CALL_GAS must be an integer');
    expect(() => loadConfig({ RPC_URL_1: 'https://eth.example,' })).not.toThrow();
    expect(() => loadConfig({ RPC_URL_1: 'https://eth.example, ftp://key@x' })).toThrow(/^RPC_URL_1 must be an http\(s\) URL \(or several, comma-separated\): entry 2 is not one$/);
  });

  it('serves a chain over WebSocket only with RPC_WS_URL_* (the devnet’s by default), and bounds its sockets', () => {
    const devnet = loadConfig({});
    expect(devnet.chains.map((chain) => chain.wsUrls)).toEqual([['ws://127.0.0.1:8545'], ['ws://127.0.0.1:8546']]);
    const reference = '91b171bb158e2d3848fa23a9f1c25182';
    const real = loadConfig({
      RPC_URL_1: 'https://eth.example/v3/key',
      RPC_WS_URL_1: 'wss://eth.example/ws/v3/key, wss://backup.example',
      RPC_URL_10: 'https://op.example',
      RPC_URL_SOLANA_localnet: 'http://127.0.0.1:8899',
      RPC_WS_URL_SOLANA_localnet: 'ws://127.0.0.1:8900',
      [`RPC_URL_POLKADOT_${reference}`]: 'https://dot.example',
      [`RPC_WS_URL_POLKADOT_${reference}`]: 'wss://dot.example',
      RPC_WS_MAX_SUBSCRIPTIONS: '7',
    });
    expect(real.chains.map((chain) => chain.wsUrls)).toEqual([['wss://eth.example/ws/v3/key', 'wss://backup.example'], []]);
    expect(real.solanaChains[0]!.wsUrls).toEqual(['ws://127.0.0.1:8900']);
    expect(real.polkadotChains[0]!.wsUrls).toEqual(['wss://dot.example']);
    expect(real.rpcProxy).toMatchObject({ wsMaxConnections: 2000, wsMaxConnectionsPerIp: 20, wsMaxConnectionsPerProject: 1000, wsMaxSubscriptions: 7, wsIdleMs: 60_000, wsMaxSendBufferBytes: 4 * 1024 * 1024 });
    expect(() => loadConfig({ RPC_URL_1: 'https://eth.example', RPC_WS_URL_1: 'https://eth.example' })).toThrow(/^RPC_WS_URL_1 must be a ws\(s\) URL \(or several, comma-separated\): entry 1 is not one$/);
    expect(() => loadConfig({ RPC_URL_1: Array.from({ length: 16 }, (_, i) => `https://n${i}.example`).join(',') })).toThrow('RPC_URL_1 names 16 URLs: at most 15');
  });
});

describe('loadConfig: Solana clusters', () => {
  it('serves the devnet localnet when no chain is named, with the test mint named', () => {
    expect(loadConfig({}).solanaChains).toEqual([
      { reference: 'localnet', rpcUrl: 'http://127.0.0.1:8899', rpcUrls: ['http://127.0.0.1:8899'], wsUrls: ['ws://127.0.0.1:8900'], tokens: { HX7YJrpsv6SiSt3C4Qhj6AdC5uFyyi9DZVa4Ndh7BFLg: { name: 'Cairn Solana Token', symbol: 'CSOL' } } },
    ]);
  });

  it('reads RPC_URL_SOLANA_<reference>, and none when only EVM chains are named', () => {
    const config = loadConfig({ RPC_URL_1: 'https://eth.example', RPC_URL_SOLANA_5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp: 'https://sol.example' });
    expect(config.solanaChains).toEqual([{ reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', rpcUrl: 'https://sol.example', rpcUrls: ['https://sol.example'], wsUrls: [], tokens: {} }]);
    expect(loadConfig({ RPC_URL_1: 'https://eth.example' }).solanaChains).toEqual([]);
  });

  it('names the variable of a bad reference or URL', () => {
    expect(() => loadConfig({ RPC_URL_SOLANA_localnet: 'ftp://x' })).toThrow('RPC_URL_SOLANA_localnet');
    expect(() => loadConfig({ [`RPC_URL_SOLANA_${'x'.repeat(33)}`]: 'http://x' })).toThrow('CAIP-2 reference');
  });

  it('takes an onramp funder key only for a test chain, and then PUBLIC_URL for the checkout links (issue 22, items 6 and 13)', () => {
    const key = `0x${'1'.repeat(64)}`;
    expect(() => loadConfig({ RPC_URL_1: 'https://rpc.example/eth', ONRAMP_FUNDER_KEY_1: key, PUBLIC_URL: 'https://api.shop.example' })).toThrow(
      /^ONRAMP_FUNDER_KEY_1 is set for chain 1, which is not a known test network.*TESTNET_1=true/,
    );
    const sepolia = { RPC_URL_11155111: 'https://rpc.example/sepolia', ONRAMP_FUNDER_KEY_11155111: key };
    expect(() => loadConfig(sepolia)).toThrow(/^PUBLIC_URL must be set when the onramp pays on a chain other than the devnet's \(eip155:11155111\)/);
    const live = loadConfig({ ...sepolia, PUBLIC_URL: 'https://api.shop.example/' });
    expect(live.chains[0]!.onrampFunderKey).toBe(key);
    expect(live.onramp).toEqual({ checkoutBaseUrl: 'https://api.shop.example', priceWindowBlocks: 120, payoutsPerAddressPerDay: 3, payoutsPerIpPerDay: 10, payoutsPerDay: 200 });
    // A chain its operator marks as a test chain, e.g. a local fork of mainnet.
    const fork = loadConfig({ RPC_URL_1: 'http://127.0.0.1:8545', ONRAMP_FUNDER_KEY_1: key, TESTNET_1: 'true', PUBLIC_URL: 'http://127.0.0.1:8787' });
    expect(fork.chains[0]!.onrampFunderKey).toBe(key);
    // A real chain without a key: no onramp, nothing required.
    expect(loadConfig({ RPC_URL_1: 'https://rpc.example/eth' }).chains[0]!.onrampFunderKey).toBeUndefined();
  });

  it("builds the devnet's checkout links on the server's own address, and caps names and payouts per day", () => {
    const devnet = loadConfig({});
    expect(devnet.onramp).toMatchObject({ checkoutBaseUrl: 'http://127.0.0.1:8787', payoutsPerAddressPerDay: 3 });
    expect(loadConfig({ SERVER_HOST: '0.0.0.0', SERVER_PORT: '9000' }).onramp.checkoutBaseUrl).toBe('http://127.0.0.1:9000');
    expect(loadConfig({ SERVER_HOST: '::' }).onramp.checkoutBaseUrl).toBe('http://[::1]:8787');
    expect(loadConfig({ RPC_URL_1: 'https://rpc.example/eth' }).nameRegistrations).toEqual({ perIpPerDay: 20, perDay: 2000 });
    const set = loadConfig({ ONRAMP_PRICE_WINDOW_BLOCKS: '30', ONRAMP_PAYOUTS_PER_ADDRESS_PER_DAY: '1', ONRAMP_PAYOUTS_PER_IP_PER_DAY: '2', ONRAMP_PAYOUTS_PER_DAY: '5', NAME_REGISTRATIONS_PER_IP_PER_DAY: '4', NAME_REGISTRATIONS_PER_DAY: '9' });
    expect(set.onramp).toEqual({ checkoutBaseUrl: 'http://127.0.0.1:8787', priceWindowBlocks: 30, payoutsPerAddressPerDay: 1, payoutsPerIpPerDay: 2, payoutsPerDay: 5 });
    expect(set.nameRegistrations).toEqual({ perIpPerDay: 4, perDay: 9 });
    expect(() => loadConfig({ ONRAMP_PAYOUTS_PER_DAY: '0' })).toThrow(/^ONRAMP_PAYOUTS_PER_DAY must be an integer from 1/);
  });

  it('reads REDIS_URL (shared state across replicas; absent, one process) and the indexer lease, with clear errors', () => {
    expect(loadConfig({}).redisUrl).toBeUndefined();
    expect(loadConfig({ REDIS_URL: 'redis://:pw@10.0.0.5:6379/2' }).redisUrl).toBe('redis://:pw@10.0.0.5:6379/2');
    expect(() => loadConfig({ REDIS_URL: 'not a url' })).toThrow(/^REDIS_URL is not a valid redis:\/\/ URL/);
    expect(() => loadConfig({ REDIS_URL: 'http://user:hunter2@cache:6379' })).toThrow(/^REDIS_URL must be redis:\/\/… or rediss:\/\/…, got "http:"/);
    expect(() => loadConfig({ REDIS_URL: 'http://user:hunter2@cache:6379' })).not.toThrow(/hunter2/);
    expect(loadConfig({ INDEXER_LEASE_MS: '2000' }).indexer.leaseMs).toBe(2000);
    expect(() => loadConfig({ INDEXER_LEASE_MS: '5' })).toThrow(/^INDEXER_LEASE_MS must be an integer from 100/);
  });
});
