import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
// Ports of their own: npm start's defaults may be in use by a developer's own stack, and the 27xxx
// ports this test had met a browser shard's frame (e2e/support/ports.ts moves its ports up to 1,000
// from 21080). 17xxx is outside every shard's and the unit suite's, and below Linux's ephemeral range
// (32768 on), where any client socket's local port may sit when the stack binds (the 37xxx these
// were could be taken so: session 19's clean CI met it on a unit test's 38712).
const PORTS = {
  DEMO_PORT: 17173, SERVER_PORT: 17787, FRAME_PORT: 17174, CHAIN_PORT_31337: 17545, CHAIN_PORT_31338: 17546,
  BUNDLER_PORT_31337: 17337, BUNDLER_PORT_31338: 17338, SMTP_PORT: 17525, MAIL_PORT: 17080, OIDC_PORT: 17400,
  CHAIN_PORT_SOLANA: 17899, CHAIN_PORT_POLKADOT: 17944, CHAIN_PORT_BITCOIN: 17002,
};
const GOAL_SECONDS = 150;
const READY_LINE = 'Press Ctrl-C to stop.';
// The goal is for this machine when it is not busy with other work: above one runnable process per
// core the figure says more about the other work than about `npm start` (the same first run took
// 521 s at load 32). Then the time is printed with the load, not held to the goal. The other work
// is judged by the load when the run starts: npm's install alone lifts the one-minute load past
// the core count on a quiet machine (4.4 in a 103 s run that started at 1.1).
const QUIET_LOAD = availableParallelism();
const copy = mkdtempSync(join(tmpdir(), 'cairn-first-run-'));
// The copy holds a whole install (over a gigabyte): removing it takes more than a hook's default 10 s on a loaded machine.
afterAll(() => rmSync(copy, { recursive: true, force: true }), 300_000);

describe('a newcomer runs `npm start` on a fresh clone', () => {
  it(`sees one line per step and the URLs, within ${GOAL_SECONDS} s`, async () => {
    execFileSync('git', ['clone', '-q', root, copy]);
    // As a newcomer's first clone: npm installs, no tree kept by an earlier clone is linked (scripts/lib/keptInstall.mjs).
    const env = { ...process.env, CAIRN_KEPT_INSTALL: 'off', ...Object.fromEntries(Object.entries(PORTS).map(([k, v]) => [k, String(v)])) };
    const started = performance.now();
    const loadAtStart = loadavg()[0] ?? 0;
    let busiest = loadAtStart;
    const sampler = setInterval(() => (busiest = Math.max(busiest, loadavg()[0] ?? 0)), 5_000);
    const child = spawn('npm', ['start'], { cwd: copy, env, detached: true });
    let text = '';
    let bundlersSeen: () => void = () => {};
    const bundlersUp = new Promise<void>((resolve) => (bundlersSeen = resolve));
    const ready = new Promise<void>((resolve, reject) => {
      const take = (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (text.includes(READY_LINE)) resolve();
        if (/^bundler 31338: /m.test(text)) bundlersSeen();
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.on('exit', (code) => reject(new Error(`npm start ended (code ${code}) before it was ready:\n${text}`)));
    });
    let seconds = Number.NaN;
    let bundlerSeconds = Number.NaN;
    // npm's own two header lines ("> cairn start", "> node scripts/start.mjs") and blank ones are not ours.
    // The lines up to the URLs: what the newcomer waits through (the bundlers' lines come after).
    const screenLines = () => text.slice(0, text.includes(READY_LINE) ? text.indexOf(READY_LINE) + READY_LINE.length : undefined).trimEnd().split('\n').filter((line) => line.trim() !== '' && !line.startsWith('> '));
    const report = () => {
      const ours = screenLines();
      const bundlers = Number.isNaN(bundlerSeconds) ? 'no bundler line' : `the bundlers (alto installed on demand) at ${bundlerSeconds.toFixed(0)} s`;
      console.log(`first run: ${Number.isNaN(seconds) ? 'not ready' : `${seconds.toFixed(0)} s to the URLs`}, ${ours.length} lines on the screen before them, ${bundlers} (load ${loadAtStart.toFixed(1)} at the start, up to ${busiest.toFixed(1)}, on this machine of ${QUIET_LOAD} cores):\n${text.trimEnd()}`);
    };
    try {
      await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error('npm start was not ready within 14 minutes')), 840_000))]);
      seconds = (performance.now() - started) / 1000;
      // The URLs do not wait for the bundlers; they still come up on a clean clone, after them.
      await Promise.race([bundlersUp, new Promise((resolve) => setTimeout(resolve, 600_000))]);
      if (/^bundler 31338: /m.test(text)) bundlerSeconds = (performance.now() - started) / 1000;
    } finally {
      clearInterval(sampler);
      report();
      const exited = new Promise((resolve) => child.once('exit', resolve));
      try {
        process.kill(-child.pid!, 'SIGINT'); // Ctrl-C: npm start stops its parts
      } catch {}
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {}
    }
    const ours = screenLines();
    expect(ours.filter((line) => /warn|deprecated|error/i.test(line))).toEqual([]);
    expect(ours.length).toBeLessThanOrEqual(30);
    expect(seconds).toBeGreaterThan(0);
    expect(bundlerSeconds).toBeGreaterThan(seconds);
    if (loadAtStart <= QUIET_LOAD) expect(seconds).toBeLessThanOrEqual(GOAL_SECONDS);
    else console.log(`The ${GOAL_SECONDS} s goal is not held: the load was ${loadAtStart.toFixed(1)} at the start (over ${QUIET_LOAD}); the time above is what this run took.`);
  });
});
