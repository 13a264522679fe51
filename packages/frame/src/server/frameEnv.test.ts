import { describe, expect, it } from 'vitest';
import { frameConfigFromEnv } from './frameEnv.ts';

describe('frame configuration from the environment', () => {
  it('reads the allowed origins, the server and every RPC_URL_<chainId>', () => {
    const { config, port } = frameConfigFromEnv({
      FRAME_ALLOWED_ORIGINS: 'http://127.0.0.1:5173, https://my.site',
      CAIRN_SERVER_URL: 'http://127.0.0.1:8787',
      RPC_URL_31338: 'http://127.0.0.1:8546',
      RPC_URL_31337: 'http://127.0.0.1:8545',
      FRAME_PORT: '5174',
      PATH: '/usr/bin',
    });
    expect(config).toEqual({
      allowedOrigins: ['http://127.0.0.1:5173', 'https://my.site'],
      serverUrl: 'http://127.0.0.1:8787',
      networks: [
        { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' },
        { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546' },
      ],
    });
    expect(port).toBe(5174);
  });

  it("takes the server's first RPC_URL_SOLANA_<reference> as its Solana cluster (issue 27), and refuses one that is no URL", () => {
    const base = { FRAME_ALLOWED_ORIGINS: 'https://my.site', CAIRN_SERVER_URL: 'https://cairn.my.site', RPC_URL_1: 'https://rpc.my.site' };
    expect(frameConfigFromEnv({ ...base, RPC_URL_SOLANA_localnet: 'http://127.0.0.1:8899, http://127.0.0.1:9899' }).config.solana).toEqual({ reference: 'localnet', rpcUrl: 'http://127.0.0.1:8899' });
    expect(frameConfigFromEnv(base).config.solana).toBeUndefined();
    expect(() => frameConfigFromEnv({ ...base, RPC_URL_SOLANA_localnet: 'not a url' })).toThrow(/Frame configuration/);
  });

  it('enables smart accounts on a network with a bundler, and refuses them without the contracts', () => {
    const base = { FRAME_ALLOWED_ORIGINS: 'https://my.site', CAIRN_SERVER_URL: 'https://cairn.my.site', RPC_URL_1: 'https://rpc.my.site', RPC_URL_2: 'https://rpc2.my.site', BUNDLER_URL_1: 'https://bundler.my.site' };
    const contracts = { SMART_ACCOUNT_ENTRY_POINT: `0x${'11'.repeat(20)}`, SMART_ACCOUNT_FACTORY: `0x${'22'.repeat(20)}` };
    const { config } = frameConfigFromEnv({ ...base, ...contracts, PAYMASTER_URL_1: 'https://bundler.my.site' });
    expect(config.networks).toEqual([
      { chainId: 1, rpcUrl: 'https://rpc.my.site', smartAccount: { bundlerUrl: 'https://bundler.my.site', paymasterUrl: 'https://bundler.my.site', entryPoint: contracts.SMART_ACCOUNT_ENTRY_POINT, factory: contracts.SMART_ACCOUNT_FACTORY } },
      { chainId: 2, rpcUrl: 'https://rpc2.my.site' },
    ]);
    expect(() => frameConfigFromEnv(base)).toThrow(/contract address/);
  });

  it('reads where approvals show (FRAME_APPROVALS), the approval window when unset, and refuses another word', () => {
    const base = { FRAME_ALLOWED_ORIGINS: 'https://my.site', CAIRN_SERVER_URL: 'https://cairn.my.site', RPC_URL_1: 'https://rpc.my.site' };
    expect(frameConfigFromEnv(base).config.approvals).toBeUndefined();
    for (const setting of ['popup', 'inline', 'auto']) expect(frameConfigFromEnv({ ...base, FRAME_APPROVALS: setting }).config.approvals).toBe(setting);
    expect(() => frameConfigFromEnv({ ...base, FRAME_APPROVALS: 'off' })).toThrow('Frame configuration: FRAME_APPROVALS is popup, inline or auto');
  });
  it('says what is missing or wrong', () => {
    const base = { FRAME_ALLOWED_ORIGINS: 'https://my.site', CAIRN_SERVER_URL: 'https://cairn.my.site', RPC_URL_1: 'https://rpc.my.site' };
    expect(() => frameConfigFromEnv({ ...base, FRAME_ALLOWED_ORIGINS: '' })).toThrow(/Frame configuration/);
    expect(() => frameConfigFromEnv({ ...base, FRAME_ALLOWED_ORIGINS: '*' })).toThrow(/Frame configuration/);
    expect(() => frameConfigFromEnv({ ...base, CAIRN_SERVER_URL: undefined })).toThrow(/Frame configuration/);
    expect(() => frameConfigFromEnv({ ...base, RPC_URL_1: undefined })).toThrow(/Frame configuration/);
    expect(() => frameConfigFromEnv({ ...base, FRAME_PORT: 'eighty' })).toThrow(/FRAME_PORT/);
  });
});
