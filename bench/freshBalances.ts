// How soon after the visitor's own transaction the widget shows the chain's new balance (issue 27's
// goal: within a second of the widget's receipt). The whole local stack (devnet, server, frame, the
// demo built for production) on ports of its own, the devnet test wallet in Chromium: ETH sends
// through the widget's Send view, each timed in the browser from the page's receipt (its
// eth_getTransactionReceipt answered) to the Account view and the site's header showing the
// chain's balance. Medians and the worst of --sends; see bench/README.md ("Fresh balances").
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { createPublicClient, formatEther, http, type Address } from 'viem';
import { privateKeyToAccount, generatePrivateKey } from 'viem/accounts';
import { injectTestWallets, TEST_ACCOUNTS } from '@cairn/devnet';
import { formatAmount } from '@cairn/core/internal';
import { startStack } from '../scripts/lib/stack.mjs';
import { runOrThrow } from '../e2e/support/runOrThrow.ts';
import { firstShown, recordShownTexts, watchRpcResults } from '../e2e/support/pageTimeline.ts';
import { sendFromAccount } from '../e2e/support/sendFlow.ts';
import { launchBenchChromium } from './lib/browser.ts';
import { median } from './lib/stats.ts';

/** Issue 27: the new figure shows within a second of the receipt. */
const FRESH_TARGET_MS = 1000;
const CHAIN_ID = 31337;

const { values: args } = parseArgs({ options: { sends: { type: 'string', default: '10' } } });
const sends = Number(args.sends);
if (!Number.isInteger(sends) || sends < 1 || sends > 100) throw new Error('--sends: a whole number of sends, 1 to 100');

// Ports of an e2e offset no test run uses (CI: 0, 300, 600), so the bench can run beside them.
process.env.E2E_PORT_OFFSET ??= '700';
const { E2E_PORTS } = await import('../e2e/support/ports.ts');
// No bundler, mailbox or OpenID provider: a send needs none of them.
const ports = { ...E2E_PORTS, mail: undefined, oidc: undefined, chains: E2E_PORTS.chains.map(({ chainId, port }) => ({ chainId, port })) };
// Relative to apps/demo, under the git-ignored .scratch/ that the checks skip.
const demoOutDir = `../../.scratch/demo-bench-${process.env.E2E_PORT_OFFSET}`;

const loadAtStart = loadavg()[0]!;
console.log(`building the demo for ports of offset ${process.env.E2E_PORT_OFFSET}…`);
await runOrThrow(process.execPath, ['node_modules/vite/bin/vite.js', 'build', 'apps/demo', '--outDir', demoOutDir, '--logLevel', 'warn'], {
  env: {
    ...process.env,
    DEMO_PORT: String(ports.demo),
    SERVER_PORT: String(ports.server),
    FRAME_PORT: String(ports.frame),
    ...Object.fromEntries(ports.chains.map((chain) => [`CHAIN_PORT_${chain.chainId}`, String(chain.port)])),
  },
});
const stack = await startStack(ports, { demoMode: 'preview', demoOutDir, progress: (line: string) => console.log(line) });
const rpcUrl = stack.chains.find((chain: { chainId: number }) => chain.chainId === CHAIN_ID)!.url as string;
const chain = createPublicClient({ transport: http(rpcUrl) });
// The bench's own devnet: any of its funded accounts is the visitor's.
const visitor = TEST_ACCOUNTS.at(-1)!;
const receiver = privateKeyToAccount(generatePrivateKey()).address;
const shownEth = async () => `${formatAmount(formatEther(await chain.getBalance({ address: visitor.address as Address })))} ETH`;

const browser = await launchBenchChromium();
const figures = { account: [] as number[], header: [] as number[] };
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  const page = await context.newPage();
  // tsx (which runs the bench) names the functions given to page.evaluate with its `__name` helper,
  // which exists only in Node: the page gets an identity one.
  await page.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await injectTestWallets(page, [{ privateKey: visitor.privateKey, chainId: CHAIN_ID, chains: { [CHAIN_ID]: rpcUrl } }]);
  await page.goto(`${stack.demoUrl}?networks=${CHAIN_ID}`);
  const receipts = watchRpcResults(page, 'eth_getTransactionReceipt');
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cairn Test Wallet' }).click();
  await page.waitForFunction(() => document.querySelector('[data-testid="site-status"]')?.textContent === 'connected', null, { timeout: 30_000 });
  await page.getByRole('button', { name: /^Account / }).click();
  await page.getByRole('dialog').getByRole('heading', { name: 'Account' }).waitFor();
  for (let index = 0; index < sends; index += 1) {
    const receipt = receipts.after(receipts.count());
    await recordShownTexts(page, `account${index}`, '[role="dialog"] [data-testid="account-balance"]');
    await recordShownTexts(page, `header${index}`, 'button[data-balance] .balance');
    await sendFromAccount(page, { token: 'ETH', amount: '0.001', receiver });
    const want = await shownEth();
    const at = await receipt;
    figures.account.push((await firstShown(page, `account${index}`, (text) => text === want, at)) - at);
    figures.header.push((await firstShown(page, `header${index}`, (text) => text === want, at)) - at);
    console.log(`send ${index + 1}/${sends}: Account ${Math.round(figures.account.at(-1)!)} ms, header ${Math.round(figures.header.at(-1)!)} ms after the receipt`);
  }
  await context.close();
} finally {
  await browser.close();
  await stack.stop();
}

const row = (label: string, values: number[]) => {
  const worst = Math.max(...values);
  const middle = median(values) ?? 0;
  return `| ${label} | ${Math.round(middle)} ms | ${Math.round(worst)} ms | ${middle <= FRESH_TARGET_MS ? 'yes' : 'no'} (median) · ${worst <= FRESH_TARGET_MS ? 'yes' : 'no'} (worst) |`;
};
console.log(`\n${sends} ETH sends through the widget; load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0]!.toFixed(1)} at the end\n`);
console.log(`| shown after the receipt | median | worst | ≤ ${FRESH_TARGET_MS} ms |\n| --- | --- | --- | --- |`);
console.log(row("Account view's balance", figures.account));
console.log(row("the site's header balance", figures.header));
