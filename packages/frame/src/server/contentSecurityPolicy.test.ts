import { describe, expect, it } from 'vitest';
import { parseFrameConfig } from '../page/frameConfig.ts';
import { approvalWindowContentSecurityPolicy, frameContentSecurityPolicy } from './contentSecurityPolicy.ts';

const config = parseFrameConfig({
  allowedOrigins: ['https://my.site', 'http://127.0.0.1:5173'],
  serverUrl: 'https://cairn.my.site/api',
  networks: [
    { chainId: 1, rpcUrl: 'https://rpc.my.site/eth?key=1' },
    { chainId: 8453, rpcUrl: 'https://rpc.my.site/base' },
  ],
});

describe('frame CSP', () => {
  it('lets only the allowed origins embed it, runs only its own scripts, connects only to the server and the RPC origins', () => {
    const directives = Object.fromEntries(frameContentSecurityPolicy(config).split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': 'https://my.site http://127.0.0.1:5173',
      'connect-src': 'https://cairn.my.site https://rpc.my.site',
    });
  });

  it("connects to the Solana cluster's RPC origin too, when the frame has one (issue 27)", () => {
    const withSolana = parseFrameConfig({ ...config, solana: { reference: 'localnet', rpcUrl: 'http://127.0.0.1:8899/' } });
    const connect = frameContentSecurityPolicy(withSolana).split('; ').find((d) => d.startsWith('connect-src '));
    expect(connect).toBe('connect-src https://cairn.my.site https://rpc.my.site http://127.0.0.1:8899');
  });

  it('connects to a smart account network’s bundler and paymaster too', () => {
    const contracts = { entryPoint: `0x${'11'.repeat(20)}`, factory: `0x${'22'.repeat(20)}` };
    const smart = parseFrameConfig({ ...config, networks: [{ chainId: 1, rpcUrl: 'https://rpc.my.site', smartAccount: { bundlerUrl: 'https://bundler.my.site/rpc', paymasterUrl: 'https://paymaster.my.site', ...contracts } }] });
    const connect = frameContentSecurityPolicy(smart).split('; ').find((d) => d.startsWith('connect-src '));
    expect(connect).toBe('connect-src https://cairn.my.site https://rpc.my.site https://bundler.my.site https://paymaster.my.site');
  });

  it('enforces Trusted Types for scripts with no policy allowed (issue 22, item 15)', () => {
    const directives = frameContentSecurityPolicy(config).split('; ');
    expect(directives).toContain("require-trusted-types-for 'script'");
    expect(directives).toContain("trusted-types 'none'");
  });

  it('refuses configurations that would widen or break the policy', () => {
    const bad = [
      { ...config, allowedOrigins: ['*'] },
      { ...config, allowedOrigins: ['https://my.site; script-src *'] },
      { ...config, allowedOrigins: ['https://my.site/path'] },
      { ...config, allowedOrigins: ['null'] },
      { ...config, allowedOrigins: [] },
      { ...config, serverUrl: "javascript:alert('x')" },
      { ...config, networks: [{ chainId: 1, rpcUrl: 'data:,x' }] },
      { ...config, extra: 1 },
    ];
    for (const value of bad) expect(() => parseFrameConfig(value), JSON.stringify(value)).toThrow(/Frame configuration/);
  });
  it('lets no page frame the approval window, which connects nowhere and runs only its own scripts under Trusted Types (session 23)', () => {
    const directives = Object.fromEntries(approvalWindowContentSecurityPolicy().split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]));
    expect(directives).toMatchObject({
      'default-src': "'none'",
      'script-src': "'self'",
      'connect-src': "'none'",
      'frame-ancestors': "'none'",
      'require-trusted-types-for': "'script'",
      'trusted-types': "'none'",
    });
  });
});
