// What kind of process a command line is, for scripts/cpuByKind.mjs's sums: the first rule that
// matches names it; an unknown node script is named by its script, anything else by its program.
const RULES = [
  ['Chromium', (argv) => /chrom(e|ium)/i.test(argv[0] ?? '')],
  ['devnet: anvil', (argv) => /\/anvil$/.test(argv[0] ?? '')],
  ['devnet: bundler (alto)', (argv) => argv.some((arg) => /alto/.test(arg))],
  ['devnet (chains, Polkadot, Solana, Bitcoin)', (argv) => argv.some((arg) => /packages\/devnet\/src\/cli\.ts$/.test(arg))],
  ['stack: server', (argv) => argv.some((arg) => /packages\/server\/src\/cli\.ts$/.test(arg))],
  ['stack: frame', (argv) => argv.some((arg) => /packages\/frame\/src\/server\/cli\.ts$/.test(arg))],
  ['stack: OIDC and mailbox', (argv) => argv.some((arg) => /packages\/devnet\/src\/(oidc|mail)Cli\.ts$/.test(arg))],
  ['esbuild', (argv) => /esbuild/.test(argv[0] ?? '')],
  ['vitest', (argv) => argv.some((arg) => /vitest/.test(arg))],
  ['typecheck and lint', (argv) => argv.some((arg) => /scripts\/lint\.mjs$/.test(arg))],
  ['boundaries', (argv) => argv.some((arg) => /checkBoundaries\.mjs$/.test(arg))],
  ['build', (argv) => argv.some((arg) => /scripts\/build\.mjs$/.test(arg))],
  ['vite', (argv) => argv.some((arg) => /vite(\.js)?$/.test(arg))],
  ['postgres', (argv) => /^postgres/.test(argv[0] ?? '')],
  ['npm and shells', (argv) => /(^|\/)(npm|sh|bash|timeout)$/.test(argv[0] ?? '') || /^npm /.test(argv[0] ?? '')],
];

/** The kind of a process, from its argv (`/proc/<pid>/cmdline` split at NUL). */
export function kindOfCommand(argv) {
  const words = argv.filter((arg) => arg !== '');
  for (const [kind, matches] of RULES) if (matches(words)) return kind === 'Chromium' ? chromiumKind(words) : kind;
  const program = (words[0] ?? '?').split('/').at(-1);
  if (program !== 'node') return program;
  const script = words.slice(1).find((arg) => !arg.startsWith('-') && /\.(m?[jt]s)$/.test(arg));
  return script ? `node ${script.split('/').slice(-2).join('/')}` : 'node';
}

/**
 * Chromium's processes by their part (`--type=renderer`, `gpu-process`, `utility`, `zygote`; the
 * browser process has none), so a run's Chromium CPU says which part spends it. Chromium rewrites
 * its children's command line as one string joined by spaces (its process title), hence the regex.
 */
function chromiumKind(words) {
  const line = words.join(' ');
  const type = /--type=(\S+)/.exec(line)?.[1];
  const sub = type === 'utility' ? /--utility-sub-type=(\S+)/.exec(line)?.[1].split('.').at(-1) : undefined;
  return `Chromium: ${type ?? 'browser'}${sub ? ` (${sub})` : ''}`;
}
