import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { setPriority, tmpdir } from 'node:os';
import { join } from 'node:path';

// Each step runs through stepCpu.mjs where /proc is, so its line says the CPU it used beside its wall time.
const STEP_CPU = join(import.meta.dirname, 'stepCpu.mjs');
const measuresCpu = existsSync('/proc/self/stat');

/**
 * Runs lanes side by side: the steps of one lane one after another, each lane beside the others.
 * With more than one lane, each output line carries its step's name, so interleaved output reads.
 * Resolves with the names of the steps that failed (a failed step does not stop its lane).
 */
export async function runLanes(lanes, { cwd, log = (line) => process.stdout.write(line) } = {}) {
  const failed = [];
  const digests = [];
  const retried = [];
  const prefixed = lanes.length > 1;
  const started = Date.now();
  let cpuSeconds = 0;
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        log(`\n▶ ${step.name}\n`);
        const stepStarted = Date.now();
        const digest = [];
        const { code, cpu } = await runStep(step, { cwd, prefix: prefixed ? `[${step.name}] ` : '', log, digest, retried });
        const seconds = Math.round((Date.now() - stepStarted) / 1000);
        cpuSeconds += cpu ?? 0;
        const cpuText = cpu === undefined ? '' : `, ${Math.round(cpu)} CPU-s`;
        log(`${code === 0 ? '✔' : '✖'} ${step.name} (${seconds} s${cpuText}, at ${Math.round((Date.now() - started) / 1000)} s)\n`);
        if (code !== 0) {
          failed.push(step.name);
          digests.push({ name: step.name, lines: digest });
        }
      }
    }),
  );
  if (measuresCpu) log(`\nCPU used by the steps: ${Math.round(cpuSeconds)} s (user + system) in ${Math.round((Date.now() - started) / 1000)} s\n`);
  // A test that passed only on its retry is a flake to find, not a pass to forget: named at the end too.
  if (retried.length > 0) {
    log('\n⚠ passed only on a retry:\n');
    for (const line of retried) log(`  ${line}\n`);
  }
  // CI shows only the tail of a long run: the failures are said again at the end, lane by lane.
  for (const { name, lines } of digests) {
    log(`\n✖ ${name}: what failed\n`);
    for (const line of lines) log(`  ${line}\n`);
  }
  return failed;
}

const DIGEST_LINE_LIMIT = 80;
const FAILURE_LINE = /(\bFAIL\b|\[failure report\]|\bshows: |pageerror: |×|✗|AssertionError|Error:|Test Files|Tests\s+\d|expected|Timed out|timeout|waiting for |\berror: )/;
// ANSI colour codes would hide the words the digest looks for.
const stripColour = (line) => line.replace(/\u001b\[[0-9;]*m/g, '');

const PASSED_ON_RETRY = /^\s*✓.*\(retry x\d+\)\s*$/;

function remember(digest, line, retried) {
  const plain = stripColour(line);
  if (retried && PASSED_ON_RETRY.test(plain)) retried.push(plain.trim().slice(0, 300));
  if (digest && digest.length < DIGEST_LINE_LIMIT && FAILURE_LINE.test(plain)) digest.push(plain.trim().slice(0, 600));
}

/** Resolves with the step's exit code and, where /proc is, the CPU seconds it used. */
function runStep({ command, args, env, nice }, { cwd, prefix, log, digest, retried }) {
  const cpuDir = measuresCpu ? mkdtempSync(join(tmpdir(), 'cairn-step-cpu-')) : undefined;
  const cpuFile = cpuDir && join(cpuDir, 'seconds');
  const readCpu = () => {
    if (!cpuDir) return undefined;
    const seconds = existsSync(cpuFile) ? Number(readFileSync(cpuFile, 'utf8')) : undefined;
    rmSync(cpuDir, { recursive: true, force: true });
    return seconds;
  };
  const [file, fileArgs] = cpuFile ? [process.execPath, [STEP_CPU, cpuFile, command, ...args]] : [command, args];
  return new Promise((resolve) => {
    const child = spawn(file, fileArgs, { cwd, env: { ...process.env, ...env }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    // A batch step (no deadline of its own) yields the CPU to steps that wait on timers; what it starts inherits this.
    if (nice !== undefined && child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // not allowed here: it runs at the usual priority
      }
    }
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream.setEncoding('utf8').on('data', (text) => {
          const lines = (pending + text).split('\n');
          pending = lines.pop();
          for (const line of lines) {
            log(`${prefix}${line}\n`);
            remember(digest, line, retried);
          }
        });
        stream.on('end', () => {
          if (!pending) return;
          log(`${prefix}${pending}\n`);
          remember(digest, pending, retried);
        });
      }
    }
    child.on('error', (error) => {
      log(`${prefix}${error.message}\n`);
      resolve({ code: 1, cpu: readCpu() });
    });
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), cpu: readCpu() }));
  });
}
