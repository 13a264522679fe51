import { existsSync, mkdtempSync } from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runLanes } from './lanes.mjs';

const node = (name: string, script: string) => ({ name, command: process.execPath, args: ['-e', script] });

describe('runLanes', () => {
  it('runs the lanes side by side and the steps of a lane in order, naming the failed steps', async () => {
    const lines: string[] = [];
    // a1 ends only once b has said 'three' (b leaves a file): that can only happen side by side,
    // and it holds on a busy machine, where timers alone did not.
    const said = join(mkdtempSync(join(tmpdir(), 'lanes-')), 'three');
    const waitForB = `const wait = () => (require('node:fs').existsSync(${JSON.stringify(said)}) ? console.log('one') : setTimeout(wait, 20)); wait()`;
    const failed = await runLanes(
      [
        [node('a1', waitForB), node('a2', "console.log('two'); process.exit(3)")],
        [node('b', `console.log('three'); require('node:fs').writeFileSync(${JSON.stringify(said)}, '')`)],
      ],
      { log: (line) => lines.push(line) },
    );
    expect(failed).toEqual(['a2']);
    const output = lines.join('');
    // Side by side: lane b's step ends before lane a's second step begins, as both first steps run together.
    expect(output.indexOf('[b] three')).toBeLessThan(output.indexOf('[a2] two'));
    expect(output).toContain('[a1] one\n');
    expect(output).toContain('[b] three\n');
    expect(output.indexOf('[a1] one')).toBeLessThan(output.indexOf('[a2] two'));
    expect(output).toMatch(/✖ a2 \(\d+ s/);
  });

  it("runs a step at the niceness it asks for, and what that step starts at the same", async () => {
    const lines: string[] = [];
    const child = `require('node:child_process').execFileSync(process.execPath, ['-e', "console.log('child ' + require('node:os').getPriority())"], { stdio: 'inherit' })`;
    const script = `setTimeout(() => { console.log('step ' + require('node:os').getPriority()); ${child} }, 100)`;
    await runLanes([[{ ...node('batch', script), nice: 7 }], [node('usual', script)]], { log: (line) => lines.push(line) });
    const output = lines.join('');
    // Relative to this run's own niceness: a step can be made nicer, never less nice, without root.
    const usual = getPriority();
    const batch = Math.max(usual, 7);
    expect(output).toContain(`[batch] step ${batch}\n`);
    expect(output).toContain(`[batch] child ${batch}\n`);
    expect(output).toContain(`[usual] step ${usual}\n`);
    // Two node starts at nice 7 wait behind everything else on the machine: 30 s ran out at load ~35
    // (session 18), where this file's other tests took up to 26 s at the usual niceness.
  }, 120_000);

  it('says again at the end which tests of a failed step failed, so the tail of a long log names them', async () => {
    const lines: string[] = [];
    await runLanes(
      [
        [node('fails', "console.log('\\u001b[31m FAIL \\u001b[39m e2e/networks.e2e.ts > opens'); console.log('noise'); process.exit(1)")],
        [node('passes', "console.log('FAIL in a passing step is not repeated')")],
      ],
      { log: (line) => lines.push(line) },
    );
    const tail = lines.join('').split('✖ fails: what failed\n')[1];
    expect(tail).toContain('FAIL  e2e/networks.e2e.ts > opens');
    expect(tail).not.toContain('noise');
    expect(tail).not.toContain('passing step');
  });

  it('names at the end the tests that passed only on a retry, even when every step passed', async () => {
    const lines: string[] = [];
    const failed = await runLanes(
      [
        [node('e2e', "console.log('   \\u001b[32m✓\\u001b[39m pairs by QR code \\u001b[33m 15819ms\\u001b[39m\\u001b[33m (retry x1)\\u001b[39m'); console.log('   ✓ connects 2000ms')")],
        [node('unit', "console.log('ok')")],
      ],
      { log: (line) => lines.push(line) },
    );
    expect(failed).toEqual([]);
    const tail = lines.join('').split('⚠ passed only on a retry:\n')[1];
    expect(tail).toContain('✓ pairs by QR code  15819ms (retry x1)');
    expect(tail).not.toContain('connects');
  });

  it('passes output through unprefixed with one lane', async () => {
    const lines: string[] = [];
    expect(await runLanes([[node('only', 'process.exit(0)')]], { log: (line) => lines.push(line) })).toEqual([]);
    expect(lines.join('')).toMatch(/✔ only/);
  });

  it.runIf(existsSync('/proc/self/stat'))("says each step's CPU, its children's included, and the steps' total", async () => {
    const lines: string[] = [];
    // The step's own process idles; the CPU is its child's (0.6 s of spinning, shown rounded to 1 s), as a test runner's workers are.
    const spin = "const start = process.cpuUsage(); for (;;) { const used = process.cpuUsage(start); if (used.user + used.system > 600_000) break; }";
    const parent = `require('node:child_process').spawnSync(process.execPath, ['-e', ${JSON.stringify(spin)}])`;
    await runLanes([[node('spins', parent)], [node('idles', 'setTimeout(() => {}, 50)')]], { log: (line) => lines.push(line) });
    const output = lines.join('');
    const cpu = (name: string) => Number(new RegExp(`✔ ${name} \\(\\d+ s, (\\d+) CPU-s`).exec(output)?.[1]);
    expect(cpu('spins')).toBeGreaterThanOrEqual(1);
    expect(cpu('idles')).toBe(0);
    expect(Number(/CPU used by the steps: (\d+) s/.exec(output)?.[1])).toBe(cpu('spins'));
  }, 120_000);
});
