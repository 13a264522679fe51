import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as devnet from './index.ts';
import { deploymentPath } from './paths.ts';

describe('@cairn/devnet entry', () => {
  it('exports the committed deployment, the accounts, the default chains and the wallet script path', () => {
    expect(devnet.deployment).toEqual(JSON.parse(readFileSync(deploymentPath, 'utf8')));
    expect(devnet.TEST_ACCOUNTS).toHaveLength(5);
    expect(devnet.DEFAULT_CHAINS.map((chain) => chain.chainId)).toEqual([31337, 31338]);
    expect(isAbsolute(devnet.testWalletScriptPath)).toBe(true);
    expect(devnet.testWalletScriptPath).toMatch(/packages\/devnet\/dist\/test-wallet\.js$/);
    for (const name of ['startDevnet', 'createTestWalletProvider', 'announceTestWallet', 'injectTestWallets', 'testWallet'] as const) {
      expect(typeof devnet[name], name).toBe('function');
    }
  });
});
