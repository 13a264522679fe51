import { spawn } from 'node:child_process';

/**
 * Runs lanes side by side: the steps of one lane one after another, each lane beside the others.
 * With more than one lane, each output line carries its step's name, so interleaved output reads.
 * Resolves with the names of the steps that failed (a failed step does not stop its lane).
 */
export async function runLanes(lanes, { cwd, log = (line) => process.stdout.write(line) } = {}) {
  const failed = [];
  const prefixed = lanes.length > 1;
  const started = Date.now();
  await Promise.all(
    lanes.map(async (lane) => {
      for (const step of lane) {
        log(`\n▶ ${step.name}\n`);
        const stepStarted = Date.now();
        const code = await runStep(step, { cwd, prefix: prefixed ? `[${step.name}] ` : '', log });
        const seconds = Math.round((Date.now() - stepStarted) / 1000);
        log(`${code === 0 ? '✔' : '✖'} ${step.name} (${seconds} s, at ${Math.round((Date.now() - started) / 1000)} s)\n`);
        if (code !== 0) failed.push(step.name);
      }
    }),
  );
  return failed;
}

function runStep({ command, args, env }, { cwd, prefix, log }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr]) {
        let pending = '';
        stream.setEncoding('utf8').on('data', (text) => {
          const lines = (pending + text).split('\n');
          pending = lines.pop();
          for (const line of lines) log(`${prefix}${line}\n`);
        });
        stream.on('end', () => pending && log(`${prefix}${pending}\n`));
      }
    }
    child.on('error', (error) => {
      log(`${prefix}${error.message}\n`);
      resolve(1);
    });
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
