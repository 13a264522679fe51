import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'cairn-run-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs runLoggedOrExit in a node of its own (it exits the process on failure), with a child that talks on both streams. */
function runLogged(childCode: string, logFile: string) {
  const script = `
    import { runLoggedOrExit } from ${JSON.stringify(new URL('./run.mjs', import.meta.url).pathname)};
    await runLoggedOrExit(process.execPath, ['-e', ${JSON.stringify(childCode)}], { logFile: ${JSON.stringify(logFile)} });
    console.log('after');`;
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(process.execPath, ['--input-type=module', '-e', script], (_error, stdout, stderr) =>
      resolve({ code: child.exitCode, stdout, stderr }),
    );
  });
}

describe('runLoggedOrExit', () => {
  it("keeps a command's own output (another package's warnings) off the screen and in its log", async () => {
    const logFile = join(dir, 'ok', 'step.log');
    const result = await runLogged("console.log('progress 1/2'); console.error('npm warn ERESOLVE overriding peer dependency')", logFile);
    expect(result).toEqual({ code: 0, stdout: 'after\n', stderr: '' });
    expect(readFileSync(logFile, 'utf8')).toContain('progress 1/2');
    expect(readFileSync(logFile, 'utf8')).toContain('npm warn ERESOLVE overriding peer dependency');
  });

  it("on failure exits with the command's code and shows the end of its log", async () => {
    const logFile = join(dir, 'failed.log');
    const lines = Array.from({ length: 60 }, (_, i) => `line ${i + 1}`).join('\\n');
    const result = await runLogged(`console.error('${lines}'); process.exit(3)`, logFile);
    expect(result.code).toBe(3);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`failed with exit code 3; the end of ${logFile}:`);
    expect(result.stderr).toContain('line 60');
    expect(result.stderr).toContain('line 21');
    expect(result.stderr).not.toContain('line 20\n');
  });
});
