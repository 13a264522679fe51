import { spawn, type SpawnOptions } from 'node:child_process';

// What `npm test` passes down (npm_package_*, npm_lifecycle_*, the workspace's npm_config_*)
// describes this workspace, not the stranger's project; npm's cache and registry settings stay.
const KEPT_NPM_VARIABLES = new Set(['npm_config_cache', 'npm_config_registry', 'npm_config_userconfig', 'npm_config_globalconfig']);

function outsideEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([key]) => !key.toLowerCase().startsWith('npm_') || KEPT_NPM_VARIABLES.has(key.toLowerCase())));
}

/** Runs a command to its end; resolves with its stdout, or rejects with its output when it fails. */
export function runOrThrow(command: string, args: string[], options: SpawnOptions & { env?: NodeJS.ProcessEnv } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, env: outsideEnvironment(options.env ?? process.env), stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`}):\n${stdout.slice(-4000)}\n${stderr.slice(-4000)}`));
    });
  });
}
