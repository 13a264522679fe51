import { afterEach, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { assertPolkadotFor, fileUsesPolkadot, notePolkadotStarted, usesPolkadot } from './polkadotShard.ts';

const e2e = (name: string) => join(import.meta.dirname, '..', name);

describe('which browser test files use the Polkadot chain', () => {
  it('reads a file that names Polkadot anywhere as using it', () => {
    expect(usesPolkadot("inject('polkadotUrl')")).toBe(true);
    expect(usesPolkadot('the Polkadot extension')).toBe(true);
    expect(usesPolkadot("inject('solanaUrl')")).toBe(false);
  });

  it('finds the two files that do, and not Connect or the stranger\'s project (which lists the packages without naming them)', () => {
    expect(['polkadot.e2e.ts', 'siteRpc.e2e.ts'].map((name) => fileUsesPolkadot(e2e(name)))).toEqual([true, true]);
    expect(fileUsesPolkadot(e2e('connect.e2e.ts'))).toBe(false);
    expect(fileUsesPolkadot(e2e('strangerProject.e2e.ts'))).toBe(false);
  });
});

describe('the check that a run without the chain has no file that uses it', () => {
  afterEach(() => notePolkadotStarted(true));

  it('throws, naming the file, when the chain was not started', () => {
    notePolkadotStarted(false);
    expect(() => assertPolkadotFor([e2e('connect.e2e.ts'), e2e('polkadot.e2e.ts')])).toThrow(/started no Polkadot chain, but polkadot\.e2e\.ts in this run use it/);
    expect(() => assertPolkadotFor([e2e('connect.e2e.ts')])).not.toThrow();
  });

  it('passes anything when it was started', () => {
    notePolkadotStarted(true);
    expect(() => assertPolkadotFor([e2e('polkadot.e2e.ts')])).not.toThrow();
  });
});
