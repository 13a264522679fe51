// `npm start`: installs what is missing and runs the local stack (devnet chains, server, frame, demo)
// on 127.0.0.1 in the foreground until Ctrl-C.
import { relative } from 'node:path';
import { ensureDevnetBuild, ensureNpmPackages, logDir, root } from './lib/ensureInstall.mjs';
import { logTail } from './lib/run.mjs';
import { stackPorts, startStack, takenPorts } from './lib/stack.mjs';

const ports = stackPorts();
const taken = await takenPorts(ports);
if (taken.length > 0) {
  for (const { name, port, variable } of taken) console.error(`Port ${port} (${name}) is already in use.`);
  console.error('Is `npm start` already running? Stop it, or choose other ports with ' +
    [...new Set(taken.map((t) => t.variable))].join(', ') + '.');
  process.exit(1);
}
await ensureNpmPackages();
await ensureDevnetBuild();

let stack;
const logs = relative(root, logDir);
console.log(`Starting the local stack (each part's own output in ${logs}/)…`);
try {
  stack = await startStack(ports, { demoMode: 'dev', logDir, progress: (line) => console.log(`  ${line}`), waitForBundlers: false });
} catch (error) {
  console.error(`Could not start the local stack: ${error instanceof Error ? error.message : error}`);
  for (const log of error?.exitedLogs ?? []) console.error(`\nThe end of ${relative(root, log)}:\n${logTail(log)}`);
  process.exit(1);
}
console.log(`demo: ${stack.demoUrl}`);
console.log(`web wallet: ${stack.demoUrl}wallet.html`);
console.log(`server: ${stack.serverUrl}`);
console.log(`frame: ${stack.frameUrl}`);
for (const chain of stack.chains) console.log(`chain ${chain.chainId}: ${chain.url}`);
if (stack.solana) console.log(`chain solana: ${stack.solana.url}`);
if (stack.polkadot) console.log(`chain polkadot: ${stack.polkadot.url}`);
if (stack.bitcoin) console.log(`chain bitcoin: ${stack.bitcoin.url}`);
if (stack.mailUrl) console.log(`mail: ${stack.mailUrl}`);
if (stack.oidcUrl) console.log(`oidc: ${stack.oidcUrl}`);
if (stack.fnamesUrl) console.log(`farcaster names: ${stack.fnamesUrl}`);
console.log('Press Ctrl-C to stop.');
// The bundlers (smart accounts: the e-mail wallets' sends) are the one part the URLs do not wait for;
// the first time, alto is installed (scripts/onDemand/alto) before it loads.
console.log(`  bundlers: starting (the first time installs alto: ${relative(root, logDir)}/on-demand-alto.log)…`);
stack.bundlersReady.then(
  (bundlers) => {
    for (const bundler of bundlers) console.log(`bundler ${bundler.chainId}: ${bundler.url}`);
  },
  (error) => console.error(`The bundlers did not start (${error instanceof Error ? error.message : error}); see ${relative(root, stack.logs.devnet ?? logDir)}.`),
);
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stack.stop();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
const exitedUnexpectedly = (child, code) => {
  if (stopping) return;
  stopping = true;
  console.error(`The stack's ${child.part} exited unexpectedly (code ${code}); stopping the rest.`);
  if (stack.logs[child.part]) console.error(`The end of ${relative(root, stack.logs[child.part])}:\n${logTail(stack.logs[child.part])}`);
  void stack.stop().then(() => process.exit(1));
};
for (const child of stack.children) {
  // A part may have ended before the URLs were printed (the devnet ends itself when its bundlers fail).
  if (child.exitCode !== null || child.signalCode !== null) exitedUnexpectedly(child, child.exitCode ?? child.signalCode);
  else child.on('exit', (code) => exitedUnexpectedly(child, code));
}
