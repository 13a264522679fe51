import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * Whether a browser test file uses the stack's Polkadot chain: read wide on purpose, any file that
 * names Polkadot (polkadot.e2e, siteRpc's proxy checks). A file counted wrongly costs its shard one
 * chain start, and goes with the chain's files as one piece the shards' split cannot divide (the
 * stranger's project did, for its list of packages, until session 24); one left out wrongly would fail.
 */
export const usesPolkadot = (source: string): boolean => /polkadot/i.test(source);

export const fileUsesPolkadot = (path: string): boolean => usesPolkadot(readFileSync(path, 'utf8'));

// The global setup decides before Vitest's sequencer splits the files (both in Vitest's main process):
// the sequencer checks that no file of its shard needs the chain the setup did not start.
const STARTED = Symbol.for('cairn.e2e.polkadotStarted');
type Flags = Record<symbol, boolean | undefined>;

export function notePolkadotStarted(started: boolean): void {
  (globalThis as unknown as Flags)[STARTED] = started;
}

/** Throws if the stack started no Polkadot chain while one of `paths` uses it. */
export function assertPolkadotFor(paths: readonly string[]): void {
  if ((globalThis as unknown as Flags)[STARTED] !== false) return;
  const using = paths.filter(fileUsesPolkadot).map((path) => basename(path));
  if (using.length > 0) {
    throw new Error(`The e2e stack started no Polkadot chain, but ${using.join(', ')} in this run use it: the global setup and the sequencer chose different files`);
  }
}
