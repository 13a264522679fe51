import { describe, expect, it } from 'vitest';
import { kindOfCommand } from './processKind.mjs';

describe('kindOfCommand', () => {
  it('names the parts of an e2e shard by their command lines', () => {
    expect(kindOfCommand(['/usr/lib/chromium/chromium', '--type=renderer'])).toBe('Chromium: renderer');
    expect(kindOfCommand(['/usr/lib/chromium/chromium', '--headless', '--no-sandbox'])).toBe('Chromium: browser');
    expect(kindOfCommand(['/usr/lib/chromium/chromium', '--type=gpu-process', '--headless'])).toBe('Chromium: gpu-process');
    expect(kindOfCommand(['/usr/lib/chromium/chromium', '--type=utility', '--utility-sub-type=network.mojom.NetworkService'])).toBe('Chromium: utility (NetworkService)');
    // Chromium's children as /proc shows them: the whole command line in one string (its process title).
    expect(kindOfCommand(['/usr/lib/chromium/chromium --type=renderer --headless --lang=en-US', ''])).toBe('Chromium: renderer');
    expect(kindOfCommand(['/work/x/node_modules/@foundry-rs/anvil-linux-amd64/bin/anvil', '--chain-id', '31337'])).toBe('devnet: anvil');
    expect(kindOfCommand(['/usr/bin/node', '--conditions=@cairn/source', '--import', 'tsx', 'packages/devnet/src/cli.ts'])).toBe('devnet (chains, Polkadot, Solana, Bitcoin)');
    expect(kindOfCommand(['/usr/bin/node', '--import', 'tsx', 'packages/server/src/cli.ts'])).toBe('stack: server');
    expect(kindOfCommand(['/usr/bin/node', '--import', 'tsx', 'packages/devnet/src/mailCli.ts'])).toBe('stack: OIDC and mailbox');
    expect(kindOfCommand(['/usr/bin/node', '--import', 'tsx', 'packages/frame/src/server/cli.ts'])).toBe('stack: frame');
    expect(kindOfCommand(['/x/node_modules/@esbuild/linux-x64/bin/esbuild', '--service=0.28.2', '--ping'])).toBe('esbuild');
    expect(kindOfCommand(['node', '/x/node_modules/.bin/vitest', 'run'])).toBe('vitest');
  });

  it('names the checks, shells and an unknown script', () => {
    expect(kindOfCommand(['node', 'scripts/lint.mjs'])).toBe('typecheck and lint');
    expect(kindOfCommand(['sh', '-c', 'vitest run'])).toBe('vitest');
    expect(kindOfCommand(['sh', '-c', 'read -r _ <&3'])).toBe('npm and shells');
    expect(kindOfCommand(['npm test', ''])).toBe('npm and shells');
    expect(kindOfCommand(['postgres: walwriter', ''])).toBe('postgres');
    expect(kindOfCommand(['/usr/bin/node', '--flag', 'scripts/other/thing.mjs'])).toBe('node other/thing.mjs');
    expect(kindOfCommand(['/usr/bin/redis-server', '127.0.0.1:0'])).toBe('redis-server');
  });
});
