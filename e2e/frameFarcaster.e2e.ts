import { registerFarcasterId } from '@cairn/devnet';
import type { Browser, Page } from 'playwright-core';
import { generatePrivateKey } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './support/browser.ts';
import { layDecoy, liftDecoy } from './support/decoy.ts';
import { frameContent } from './support/demoFrame.ts';
import { farcasterAccount, farcasterAppSigns } from './support/farcasterApp.ts';
import { dialog, openDemo, siteText, waitForSiteStatus } from './support/demo.ts';
import { scanQr } from './support/scanQr.ts';

// Sign In With Farcaster (issue 27, SPEC §2's ConnectingFarcaster): the modal shows the frame's
// sign-in link as a QR code; a test-side Farcaster wallet app (@farcaster/auth-client's wallet
// client, the test's own custody key registered in the devnet's ID registry) scans it, signs the
// message and answers the stack server's relay; the site is logged in with an embedded wallet.
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

const HIDDEN = 'Part of this request is hidden. Move anything covering it and try again.';
const rpcUrl = () => inject('chains').find((chain) => chain.chainId === 31337)!.url;

/** Opens Connect, picks Farcaster, and reads the QR code as a phone camera would. */
async function farcasterLink(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await dialog(page).getByRole('list', { name: 'Log in with a social account' }).getByRole('button', { name: 'Farcaster' }).click();
  await dialog(page).getByRole('heading', { name: 'Sign In With Farcaster' }).waitFor();
  const qr = dialog(page).getByTestId('farcaster-qr');
  await qr.locator('svg, canvas, img').first().waitFor({ timeout: 15_000 });
  const scanned = await scanQr(page, qr);
  expect(await dialog(page).getByTestId('farcaster-link').getAttribute('href')).toBe(scanned);
  return scanned;
}

/**
 * The site's own page as an attacker: it holds the link (farcasterUrl, the QR code), so the channel
 * token, and tries to complete the login itself before the frame does (session 17).
 */
async function siteTriesToComplete(page: Page, url: string): Promise<{ status: number; body: { message?: string; token?: string } }> {
  const channelToken = new URL(url).searchParams.get('channelToken')!;
  return page.evaluate(
    async ({ server, channelToken: token }) => {
      const response = await fetch(`${server}/auth/v1/farcaster/complete?projectId=cairn-local`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ channelToken: token }) });
      return { status: response.status, body: (await response.json()) as { message?: string; token?: string } };
    },
    { server: inject('serverUrl'), channelToken },
  );
}

/** The frame's question before the login (session 22): the name the registry proved for the fid that answered. */
const confirmHeading = (page: Page, account: { fid: number; name: string }) => frameContent(page).getByRole('heading', { name: `Log in as @${account.name} (Farcaster fid ${account.fid})?` });

describe('Sign In With Farcaster', () => {
  it('logs the site in with an embedded wallet once the registered custody key signed the scanned link and the visitor confirmed the name (a decoy over the question stops Continue until lifted)', async () => {
    const { custodyKey, fid, name } = await farcasterAccount('trail');
    const demo = await openDemo(browser, { wallets: [], context: { locale: 'en-US' } });
    const { page } = demo;
    const url = await farcasterLink(page);
    // The message is for the site the frame is embedded in.
    expect(new URL(url).searchParams.get('domain')).toBe(new URL(inject('demoUrl')).host);
    // The site's page tries to complete the login with the token from the link it shows: refused for
    // want of the frame's completion secret, before the app answered and after.
    const early = await siteTriesToComplete(page, url);
    expect([early.status, early.body.token]).toEqual([401, undefined]);
    expect(early.body.message).toMatch(/^This Farcaster sign-in was opened by another frame/);
    await farcasterAppSigns(url, custodyKey, fid);
    // Once the app answered, the site races the frame, which polls: refused while the channel is open
    // (401), or gone because the frame already completed it (404; ci6 at load ~20 saw this order and
    // failed on a fixed 401). Either way no token, and the frame's login goes on.
    const stolen = await siteTriesToComplete(page, url);
    expect(stolen.body.token).toBeUndefined();
    if (stolen.status === 401) expect(stolen.body.message).toMatch(/^This Farcaster sign-in was opened by another frame/);
    else expect([stolen.status, stolen.body.message]).toEqual([404, 'Unknown or expired Farcaster sign-in: start again']);

    // The frame asks whose account answered, by the name the registry signed; the visitor's own: Continue.
    await confirmHeading(page, { fid, name }).waitFor({ timeout: 30_000 });
    expect(await siteText(page, 'site-status')).not.toBe('connected');
    // Session 23: Continue is behind the approval gate. The site lays a decoy over the question (it
    // could show another name there; clicks go through it) and steers the visitor's click onto
    // Continue: no login, and the screen says why. Lifted, the same click continues.
    const proceed = frameContent(page).getByRole('button', { name: 'Continue' });
    const question = (await frameContent(page).locator('[data-farcaster-confirmation]').boundingBox())!;
    await layDecoy(page, question, 'Log in as @you?');
    const box = (await proceed.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    await page.mouse.move(x - 5, y);
    await page.mouse.move(x, y);
    await new Promise((resolve) => setTimeout(resolve, 700)); // longer than the gate's wait
    await page.mouse.move(x + 2, y);
    await page.mouse.click(x + 2, y);
    await expect.poll(() => frameContent(page).locator('section p.hint').innerText()).toBe(HIDDEN);
    expect(await proceed.isDisabled()).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await siteText(page, 'site-status')).not.toBe('connected');
    await confirmHeading(page, { fid, name }).waitFor();
    await liftDecoy(page);
    await expect.poll(() => proceed.isEnabled(), { timeout: 5_000 }).toBe(true);
    await proceed.click();
    // A new wallet: the frame's recovery screen, then the site holds the embedded wallet's address.
    await frameContent(page).getByRole('button', { name: 'I have saved it' }).click({ timeout: 30_000 });
    await waitForSiteStatus(page, 'connected', 30_000);
    expect(await siteText(page, 'site-address')).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(demo.errors).toEqual([]);
    await demo.close();
  }, 90_000);

  it("shows the attacker's own name when he answers the visitor's QR code first, and 'That is not me' leaves the site logged out", async () => {
    const visitor = await farcasterAccount('visitor');
    const attacker = await farcasterAccount('mallory');
    const demo = await openDemo(browser, { wallets: [], context: { locale: 'en-US' } });
    const { page } = demo;
    // He saw the QR code over the visitor's shoulder and holds the relay key: his own account answers, claiming the visitor's name.
    await farcasterAppSigns(await farcasterLink(page), attacker.custodyKey, attacker.fid, visitor.name);
    await confirmHeading(page, attacker).waitFor({ timeout: 30_000 });
    // Since the question watches its visibility (IntersectionObserver v2, for Continue's gate), a click
    // as fast as a script's, right as it shows, reaches the frame as no event at all (seen in session
    // 23: not even a pointerdown); Chromium drops input to a cross-origin frame that moved just before
    // (the dialog settling around the question), a defence of its own. A person's click comes later;
    // so does this one.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await frameContent(page).getByRole('button', { name: 'That is not me' }).click();
    await dialog(page).getByRole('alert').filter({ hasText: 'Nothing was logged in' }).waitFor({ timeout: 20_000 });
    expect(await siteText(page, 'site-status')).toBe('disconnected');
    await demo.close();
  }, 90_000);

  it('refuses a signature by a key that does not hold the fid, and the site stays logged out', async () => {
    const owner = generatePrivateKey();
    const fid = Number(await registerFarcasterId(rpcUrl(), owner));
    const demo = await openDemo(browser, { wallets: [], context: { locale: 'en-US' } });
    const { page } = demo;
    await farcasterAppSigns(await farcasterLink(page), generatePrivateKey(), fid);
    await dialog(page).getByRole('alert').filter({ hasText: `does not own fid ${fid}` }).waitFor({ timeout: 20_000 });
    expect(await siteText(page, 'site-status')).toBe('disconnected');
    await demo.close();
    // The same steps as the test above but the frame's last: 60 s ran out twice at load ~38 (session
    // 18's first run), where the test above took 68 s of its 90.
  }, 90_000);
});
