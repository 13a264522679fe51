import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HOST, isPortFree, portFromEnv } from './ports.mjs';
import { root } from './ensureInstall.mjs';

/** Ports of the local stack; each can be set by an environment variable. */
export function stackPorts() {
  return {
    demo: portFromEnv('DEMO_PORT', 5173),
    server: portFromEnv('SERVER_PORT', 8787),
    frame: portFromEnv('FRAME_PORT', 5174),
    chains: [
      // Each chain's ERC-4337 bundler (alto behind the devnet's endpoint, which also answers the paymaster's calls).
      { chainId: 31337, port: portFromEnv('CHAIN_PORT_31337', 8545), bundler: portFromEnv('BUNDLER_PORT_31337', 4337) },
      { chainId: 31338, port: portFromEnv('CHAIN_PORT_31338', 8546), bundler: portFromEnv('BUNDLER_PORT_31338', 4338) },
    ],
    mail: { smtp: portFromEnv('SMTP_PORT', 2525), page: portFromEnv('MAIL_PORT', 1080) },
    oidc: portFromEnv('OIDC_PORT', 9400),
    // Farcaster's name registry (fnames' API, packages/devnet): the server checks a Farcaster login's name there.
    fnames: portFromEnv('FARCASTER_NAME_REGISTRY_PORT', 9450),
    // The local Solana chain: RPC on this port, its websocket on the next.
    solana: portFromEnv('CHAIN_PORT_SOLANA', 8899),
    // The local Polkadot chain (chopsticks): websocket and HTTP JSON-RPC on this one port.
    polkadot: portFromEnv('CHAIN_PORT_POLKADOT', 9944),
    // The local Bitcoin regtest chain's Esplora API.
    bitcoin: portFromEnv('CHAIN_PORT_BITCOIN', 3002),
  };
}

export async function takenPorts(ports) {
  const all = [
    ['demo', ports.demo, 'DEMO_PORT'],
    ['server', ports.server, 'SERVER_PORT'],
    ['frame', ports.frame, 'FRAME_PORT'],
    ...ports.chains.map((c) => [`chain ${c.chainId}`, c.port, `CHAIN_PORT_${c.chainId}`]),
    ...ports.chains.filter((c) => c.bundler).map((c) => [`bundler ${c.chainId}`, c.bundler, `BUNDLER_PORT_${c.chainId}`]),
    ...(ports.mail ? [['smtp', ports.mail.smtp, 'SMTP_PORT'], ['mail', ports.mail.page, 'MAIL_PORT']] : []),
    ...(ports.oidc ? [['oidc', ports.oidc, 'OIDC_PORT']] : []),
    ...(ports.fnames ? [['farcaster name registry', ports.fnames, 'FARCASTER_NAME_REGISTRY_PORT']] : []),
    ...(ports.solana ? [['chain solana', ports.solana, 'CHAIN_PORT_SOLANA'], ['chain solana (websocket)', ports.solana + 1, 'CHAIN_PORT_SOLANA']] : []),
    ...(ports.polkadot ? [['chain polkadot', ports.polkadot, 'CHAIN_PORT_POLKADOT']] : []),
    ...(ports.bitcoin ? [['chain bitcoin', ports.bitcoin, 'CHAIN_PORT_BITCOIN']] : []),
  ];
  const taken = [];
  for (const [name, port, variable] of all) if (!(await isPortFree(port))) taken.push({ name, port, variable });
  return taken;
}

const DEVNET_START_TIMEOUT_MS = 600_000;
// After the chains: alto's install on a clean clone (369 packages from npm's cache; 91 s at load 10) and its load.
const BUNDLERS_START_TIMEOUT_MS = 600_000;

/** Why a child of the stack ended during the start: its part, its exit and the last lines it wrote. */
function exitedMessage(child, logFile) {
  const how = child.exitCode !== null ? `exited with code ${child.exitCode}` : `was killed (${child.signalCode})`;
  // A part with a log file: the caller prints its end (error.exitedLogs), as `npm start` does.
  if (logFile) return `the ${child.part} process ${how} during the stack's start (its log: ${logFile})`;
  const tail = (child.outputTail ?? '').trim().split('\n').slice(-12).join('\n');
  return `the ${child.part} process ${how} during the stack's start${tail ? `; its last lines:\n${tail}` : ''}`;
}

/**
 * Waits until `check` holds, `timeoutMs` at most. Any child of the stack that ends meanwhile
 * (not only the one awaited: a server that lost its port while the chains start) fails the wait
 * at once, with the child's last lines, rather than at the bound.
 */
async function waitFor(check, what, children, logs, timeoutMs = 180_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const ended = children.find((c) => c.exitCode !== null || c.signalCode !== null);
    if (ended) throw new Error(`${what} was not ready: ${exitedMessage(ended, logs[ended.part])}`);
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  throw new Error(`${what} did not become ready within ${timeoutMs / 1000} s`);
}

/**
 * The frame's smart accounts (packages/frame's frameEnv) on each chain with a bundler: the bundler's
 * one URL (it answers the paymaster's ERC-7677 calls too), and the devnet's EntryPoint and account
 * factory (deployment.json: the same addresses on every chain and run).
 */
export function frameSmartAccountEnv(ports) {
  const bundled = ports.chains.filter((c) => c.bundler);
  if (bundled.length === 0) return {};
  const { contracts } = JSON.parse(readFileSync(join(root, 'packages/devnet/deployment.json'), 'utf8'));
  return {
    SMART_ACCOUNT_ENTRY_POINT: contracts.entryPoint,
    SMART_ACCOUNT_FACTORY: contracts.accountFactory,
    ...Object.fromEntries(bundled.flatMap((c) => [[`BUNDLER_URL_${c.chainId}`, `http://${HOST}:${c.bundler}`], [`PAYMASTER_URL_${c.chainId}`, `http://${HOST}:${c.bundler}`]])),
  };
}

const chainIsUp = (url) => async () =>
  (await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' })).ok;
const httpIsUp = (url) => async () => (await fetch(url)).ok;

/**
 * Starts devnet, server, frame and demo as child processes. `demoMode` is 'dev' (Vite dev server) or
 * 'preview' (the production build); `framePageDir` serves a frame page built before. `built`, a promise
 * of that page and of `demoOutDir` still being built: the chains, mailbox, OIDC provider and server
 * start meanwhile (the e2e set-up's builds and its devnet's start overlap), the frame and demo once
 * it resolves (without `built`, everything starts at once). With `logDir`,
 * each part's own output (other packages' warnings included) goes to `<logDir>/<part>.log` instead of
 * the screen, and `progress` hears one line per part as it becomes ready. Returns the URLs, the
 * parts' log files and a stop function that ends every child. The bundlers (alto: installed on
 * first use, then seconds to load) are awaited before it resolves unless `waitForBundlers` is false:
 * then `bundlersReady` resolves with them once they answer (`npm start` prints its URLs first).
 */
export async function startStack(ports, { demoMode = 'dev', demoOutDir = 'dist', framePageDir, frameApprovals, built, logDir, progress = () => {}, waitForBundlers = true } = {}) {
  const children = [];
  const logs = {};
  const started = performance.now();
  const ready = (part) => progress(`${part}: ready at ${((performance.now() - started) / 1000).toFixed(1)} s`);
  if (logDir) mkdirSync(logDir, { recursive: true });
  const env = {
    ...process.env,
    ...Object.fromEntries(ports.chains.map((c) => [`CHAIN_PORT_${c.chainId}`, String(c.port)])),
    // A chain without a bundler port gets none ('off'): each alto costs seconds of CPU to start.
    ...Object.fromEntries(ports.chains.map((c) => [`BUNDLER_PORT_${c.chainId}`, c.bundler ? String(c.bundler) : 'off'])),
    // The server's RPC proxy serves every local chain over HTTP and WebSocket: Anvil and chopsticks
    // answer both on one port, the Solana validator's websocket is its RPC port + 1.
    ...Object.fromEntries(ports.chains.flatMap((c) => [[`RPC_URL_${c.chainId}`, `http://${HOST}:${c.port}`], [`RPC_WS_URL_${c.chainId}`, `ws://${HOST}:${c.port}`]])),
    ...(ports.solana
      ? { CHAIN_PORT_SOLANA: String(ports.solana), RPC_URL_SOLANA_localnet: `http://${HOST}:${ports.solana}`, RPC_WS_URL_SOLANA_localnet: `ws://${HOST}:${ports.solana + 1}` }
      : {}),
    // No Polkadot port: the devnet starts no Polkadot chain ('off'), as for a bundler.
    ...(ports.polkadot
      ? {
          CHAIN_PORT_POLKADOT: String(ports.polkadot),
          [`RPC_URL_POLKADOT_${'45'.repeat(16)}`]: `http://${HOST}:${ports.polkadot}`,
          [`RPC_WS_URL_POLKADOT_${'45'.repeat(16)}`]: `ws://${HOST}:${ports.polkadot}`,
        }
      : { CHAIN_PORT_POLKADOT: 'off' }),
    ...(ports.bitcoin ? { CHAIN_PORT_BITCOIN: String(ports.bitcoin) } : {}),
    SERVER_PORT: String(ports.server),
    DEMO_PORT: String(ports.demo),
    // The server lets the demo in wherever it runs (DEMO_PORT may move it): CORS and sign-in domain.
    // The frame calls the server from its own origin (log-in, the wallet's shares).
    CORS_ORIGINS: process.env.CORS_ORIGINS ?? `http://${HOST}:${ports.demo},http://${HOST}:${ports.frame}`,
    SIWX_DOMAINS: process.env.SIWX_DOMAINS ?? `${HOST}:${ports.demo},localhost:${ports.demo}`,
    // E-mail login codes go over real SMTP to the local mailbox (its page lists them).
    ...(ports.mail ? { SMTP_URL: `smtp://${HOST}:${ports.mail.smtp}`, SMTP_PORT: String(ports.mail.smtp), MAIL_PORT: String(ports.mail.page) } : {}),
    // The secure frame (packages/frame) on an origin of its own; the demo may embed it.
    FRAME_PORT: String(ports.frame),
    FRAME_ALLOWED_ORIGINS: process.env.FRAME_ALLOWED_ORIGINS ?? `http://${HOST}:${ports.demo}`,
    // The server hands a social login's answer to the frame's origin only (and lets only it start one).
    FRAME_ORIGINS: process.env.FRAME_ORIGINS ?? `http://${HOST}:${ports.frame}`,
    CAIRN_SERVER_URL: process.env.CAIRN_SERVER_URL ?? `http://${HOST}:${ports.server}`,
    ...(framePageDir ? { FRAME_PAGE_DIR: framePageDir } : {}),
    // Where the frame shows approvals (FRAME_APPROVALS: the approval window by default).
    ...(frameApprovals ? { FRAME_APPROVALS: frameApprovals } : {}),
    // An e-mail login's wallet is the key's smart account where a bundler runs (the frame calls it only when used).
    ...frameSmartAccountEnv(ports),
    // The devnet's name registry signs with the devnet's key: the server's default signer on the devnet.
    ...(ports.fnames ? { FARCASTER_NAME_REGISTRY_PORT: String(ports.fnames), FARCASTER_NAME_REGISTRY_URL: `http://${HOST}:${ports.fnames}` } : {}),
  };
  if (ports.oidc) {
    // A real OpenID Connect provider stands in for Google (OIDC) and GitHub (plain OAuth 2).
    const issuer = `http://${HOST}:${ports.oidc}`;
    const client = { id: 'cairn-local', secret: randomBytes(24).toString('base64url') };
    Object.assign(env, {
      OIDC_PORT: String(ports.oidc),
      OIDC_CLIENT_ID: client.id,
      OIDC_CLIENT_SECRET: client.secret,
      OIDC_REDIRECT_URIS: `http://${HOST}:${ports.server}/auth/v1/social/callback`,
      SOCIAL_GOOGLE_CLIENT_ID: client.id,
      SOCIAL_GOOGLE_CLIENT_SECRET: client.secret,
      SOCIAL_GOOGLE_ISSUER: issuer,
      SOCIAL_GITHUB_CLIENT_ID: client.id,
      SOCIAL_GITHUB_CLIENT_SECRET: client.secret,
      SOCIAL_GITHUB_AUTHORIZATION_URL: `${issuer}/auth`,
      SOCIAL_GITHUB_TOKEN_URL: `${issuer}/token`,
      SOCIAL_GITHUB_USERINFO_URL: `${issuer}/me`,
      SOCIAL_GITHUB_SCOPES: 'openid',
    });
  }
  const start = (part, args, stdout = 'ignore') => {
    // Without a log folder the child's stderr goes on to ours, its last lines kept for an error.
    let stderr = 'pipe';
    if (logDir) {
      logs[part] = join(logDir, `${part}.log`);
      stderr = openSync(logs[part], 'w');
    }
    const child = spawn(process.execPath, args, { cwd: root, env, stdio: ['ignore', stdout, stderr] });
    if (typeof stderr === 'number') closeSync(stderr); // the child holds its own copy
    child.stderr?.on('data', (chunk) => {
      process.stderr.write(chunk);
      child.outputTail = ((child.outputTail ?? '') + chunk.toString('utf8')).slice(-4000);
    });
    child.part = part;
    children.push(child);
    return child;
  };
  let stopped = false;
  const stop = async () => {
    stopped = true;
    await Promise.all(
      children.map(
        (child) =>
          new Promise((resolve) => {
            if (child.exitCode !== null || child.signalCode !== null) return resolve();
            child.once('exit', resolve);
            child.kill('SIGTERM');
            setTimeout(() => child.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
  };
  try {
    const chains = ports.chains.map((c) => ({ chainId: c.chainId, url: `http://${HOST}:${c.port}` }));
    // Everything that does not need the chains starts beside the devnet: the frame builds its page
    // while the devnet deploys its contracts.
    // The devnet prints `chain <id>: <url>` once that chain's contracts are deployed.
    const devnet = start('devnet', ['--conditions=@cairn/source', '--import', 'tsx', 'packages/devnet/src/cli.ts'], 'pipe');
    const announced = new Set();
    const bundlers = [];
    devnet.stdout.setEncoding('utf8').on('data', (text) => {
      for (const match of text.matchAll(/^chain (\d+|solana|polkadot|bitcoin): /gm)) announced.add(/^\d+$/.test(match[1]) ? Number(match[1]) : match[1]);
      for (const match of text.matchAll(/^bundler (\d+): (\S+)$/gm)) bundlers.push({ chainId: Number(match[1]), url: match[2] });
    });
    let mailUrl;
    const mail = ports.mail ? start('mailbox', ['--conditions=@cairn/source', '--import', 'tsx', 'packages/devnet/src/mailCli.ts'], 'pipe') : undefined;
    mail?.stdout.setEncoding('utf8').on('data', (text) => {
      mailUrl ??= /^mail: (\S+)$/m.exec(text)?.[1];
    });
    let oidcUrl;
    const oidc = ports.oidc ? start('oidc', ['--conditions=@cairn/source', '--import', 'tsx', 'packages/devnet/src/oidcCli.ts'], 'pipe') : undefined;
    oidc?.stdout.setEncoding('utf8').on('data', (text) => {
      oidcUrl ??= /^oidc: (\S+)$/m.exec(text)?.[1];
    });
    let fnamesUrl;
    const fnames = ports.fnames ? start('fnames', ['--conditions=@cairn/source', '--import', 'tsx', 'packages/devnet/src/nameRegistryCli.ts'], 'pipe') : undefined;
    fnames?.stdout.setEncoding('utf8').on('data', (text) => {
      fnamesUrl ??= /^fnames: (\S+)/m.exec(text)?.[1];
    });
    // The frame and the demo need no chain to serve their pages: they start beside the devnet (with
    // `built`, once their pages are there), so a first `npm start` waits for the slowest part only.
    const startFrame = () => start('frame', ['--conditions=@cairn/source', '--import', 'tsx', 'packages/frame/src/server/cli.ts']);
    const vite = new URL('../../node_modules/vite/bin/vite.js', import.meta.url).pathname;
    const demoArgs =
      demoMode === 'dev'
        ? [vite, 'apps/demo', '--host', HOST, '--port', String(ports.demo), '--strictPort']
        : [vite, 'preview', 'apps/demo', '--outDir', demoOutDir, '--host', HOST, '--port', String(ports.demo), '--strictPort'];
    const startDemo = () => start('demo', demoArgs);
    // A stack stopped meanwhile (a chain that did not come up) starts neither after its stop.
    const afterBuild = (startPart) => (built ? Promise.resolve(built).then(() => (stopped ? Promise.reject(new Error('the stack was stopped')) : startPart())) : Promise.resolve(startPart()));
    const frameStarted = afterBuild(startFrame);
    const demoStarted = afterBuild(startDemo);
    // A failed build is thrown where the frame and demo are awaited, below.
    frameStarted.catch(() => {});
    demoStarted.catch(() => {});
    const frameUrl = `http://${HOST}:${ports.frame}/`;
    // The server too: nothing in its start asks a chain (its indexer polls, and logs once while a
    // chain is not up yet), and its start took 30 s after the chains' in a first run at load 20.
    const server = start('server', ['--conditions=@cairn/source', '--import', 'tsx', 'packages/server/src/cli.ts']);

    // The devnet announces its chains once every one has started, Polkadot's (chopsticks building its
    // genesis, ~13 CPU-s) last among them: alone it took 154 s at load 31 on two cores, and npm test
    // starts three devnets beside the unit suite. Twice, at load 25-31, all three browser shards ended
    // on 180 s here before a test ran; the bound is for a devnet that never comes up, not a slow one.
    for (const chain of chains) {
      await waitFor(async () => announced.has(chain.chainId) && (await chainIsUp(chain.url)()), `chain ${chain.chainId}`, children, logs, DEVNET_START_TIMEOUT_MS);
    }
    ready(`EVM chains ${chains.map((c) => c.chainId).join(', ')}`);
    const solana = ports.solana ? { url: `http://${HOST}:${ports.solana}` } : undefined;
    if (solana) await waitFor(async () => announced.has('solana'), 'chain solana', children, logs);
    if (solana) ready('chain solana');
    const polkadot = ports.polkadot ? { url: `ws://${HOST}:${ports.polkadot}` } : undefined;
    if (polkadot) await waitFor(async () => announced.has('polkadot'), 'chain polkadot', children, logs);
    if (polkadot) ready('chain polkadot');
    const bitcoin = ports.bitcoin ? { url: `http://${HOST}:${ports.bitcoin}` } : undefined;
    if (bitcoin) await waitFor(async () => announced.has('bitcoin'), 'chain bitcoin', children, logs);
    if (bitcoin) ready('chain bitcoin');
    if (mail) await waitFor(async () => mailUrl !== undefined && (await httpIsUp(mailUrl)()), 'mailbox', children, logs);
    if (mail) ready('mailbox');
    if (oidc) await waitFor(async () => oidcUrl !== undefined && (await httpIsUp(`${oidcUrl}/.well-known/openid-configuration`)()), 'oidc provider', children, logs);
    if (oidc) ready('oidc provider');
    if (fnames) await waitFor(async () => fnamesUrl !== undefined && (await httpIsUp(`${fnamesUrl}/transfers`)()), 'farcaster name registry', children, logs);
    if (fnames) ready('farcaster name registry');
    const serverUrl = `http://${HOST}:${ports.server}`;
    await waitFor(httpIsUp(`${serverUrl}/health`), 'server', children, logs);
    ready('server');
    await frameStarted; // a failed build is thrown here
    await waitFor(httpIsUp(frameUrl), 'frame', children, logs);
    ready('frame');
    const demoUrl = `http://${HOST}:${ports.demo}/`;
    await demoStarted;
    await waitFor(httpIsUp(demoUrl), 'demo', children, logs);
    ready('demo');
    // The bundlers come up last (alto is installed on first use, then loads for seconds).
    const bundled = ports.chains.filter((c) => c.bundler).length;
    const bundlersReady = waitFor(async () => bundlers.length === bundled, 'bundlers', children, logs, BUNDLERS_START_TIMEOUT_MS).then(() => {
      if (bundled > 0) ready('bundlers');
      return bundlers;
    });
    if (waitForBundlers) await bundlersReady;
    else bundlersReady.catch(() => {}); // the caller hears of a failure by awaiting bundlersReady
    return { demoUrl, serverUrl, frameUrl, mailUrl, oidcUrl, fnamesUrl, chains, bundlers, bundlersReady, solana, polkadot, bitcoin, stop, children, logs };
  } catch (error) {
    // The parts that ended by themselves (not by the stop below): their logs say why.
    if (error instanceof Error) error.exitedLogs = children.filter((c) => c.exitCode !== null && logs[c.part]).map((c) => logs[c.part]);
    await stop();
    throw error;
  }
}
