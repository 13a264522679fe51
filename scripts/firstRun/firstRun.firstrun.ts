import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;
// Ports of their own (npm start's defaults may be in use by a developer's own stack).
const PORTS = {
  DEMO_PORT: 27173, SERVER_PORT: 27787, FRAME_PORT: 27174, CHAIN_PORT_31337: 27545, CHAIN_PORT_31338: 27546,
  BUNDLER_PORT_31337: 27337, BUNDLER_PORT_31338: 27338, SMTP_PORT: 27525, MAIL_PORT: 27080, OIDC_PORT: 27400,
  CHAIN_PORT_SOLANA: 27899, CHAIN_PORT_POLKADOT: 27944, CHAIN_PORT_BITCOIN: 27002,
};
const GOAL_SECONDS = 150;
// The goal is for this machine when it is not busy with other work: above one runnable process per
// core the figure says more about the other work than about `npm start` (the same first run took
// 521 s at load 32). Then the time is printed with the load, not held to the goal.
const QUIET_LOAD = availableParallelism();
const copy = mkdtempSync(join(tmpdir(), 'cairn-first-run-'));
// The copy holds a whole install (over a gigabyte): removing it takes more than a hook's default 10 s on a loaded machine.
afterAll(() => rmSync(copy, { recursive: true, force: true }), 300_000);

describe('a newcomer runs `npm start` on a fresh clone', () => {
  it(`sees one line per step and the URLs, within ${GOAL_SECONDS} s`, async () => {
    execFileSync('git', ['clone', '-q', root, copy]);
    const env = { ...process.env, ...Object.fromEntries(Object.entries(PORTS).map(([k, v]) => [k, String(v)])) };
    const started = performance.now();
    let busiest = loadavg()[0] ?? 0;
    const sampler = setInterval(() => (busiest = Math.max(busiest, loadavg()[0] ?? 0)), 5_000);
    const child = spawn('npm', ['start'], { cwd: copy, env, detached: true });
    let text = '';
    const ready = new Promise<void>((resolve, reject) => {
      const take = (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (text.includes('Press Ctrl-C to stop.')) resolve();
      };
      child.stdout.on('data', take);
      child.stderr.on('data', take);
      child.on('exit', (code) => reject(new Error(`npm start ended (code ${code}) before it was ready:\n${text}`)));
    });
    let seconds = Number.NaN;
    // npm's own two header lines ("> cairn start", "> node scripts/start.mjs") and blank ones are not ours.
    const screenLines = () => text.trimEnd().split('\n').filter((line) => line.trim() !== '' && !line.startsWith('> '));
    const report = () => {
      const ours = screenLines();
      console.log(`first run: ${Number.isNaN(seconds) ? 'not ready' : `${seconds.toFixed(0)} s to the URLs`}, ${ours.length} lines on the screen (load up to ${busiest.toFixed(1)} on this machine of ${QUIET_LOAD} cores):\n${ours.join('\n')}`);
    };
    try {
      await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error('npm start was not ready within 14 minutes')), 840_000))]);
      seconds = (performance.now() - started) / 1000;
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
    if (busiest <= QUIET_LOAD) expect(seconds).toBeLessThanOrEqual(GOAL_SECONDS);
    else console.log(`The ${GOAL_SECONDS} s goal is not held: the load reached ${busiest.toFixed(1)} (over ${QUIET_LOAD}); the time above is what this run took.`);
  });
});
