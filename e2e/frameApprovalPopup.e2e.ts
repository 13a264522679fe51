import { toHex, verifyMessage, type Address, type Hex } from 'viem';
import type { Frame, Page } from 'playwright-core';
import { allowWindows, approveInWindow, blockWindows, rejectInWindow } from './support/approvalWindow.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { STATE_POLLING } from './support/browser.ts';
import { cutFrameAround, liftCut } from './support/decoy.ts';
import { call, openSite, promptClosed, promptOpen, signUp, startFrameStack, type FrameStack, type Outcome } from './support/frameStack.ts';

// The approval window (session 23), in Chromium: with FRAME_APPROVALS=popup the frame shows each
// request in a window of its own origin, which the site cannot draw over, clip or frame. The site
// is the attacker, as in frameClickjacking.e2e.ts: it cuts the frame with clip-path (a hole the
// inline gate cannot see) and lays a decoy; it opens the window's address itself and posts a
// forged request; it posts forged answers to the frame. None of it signs. The visitor's own click
// on Approve in the window signs; closing the window rejects; a blocked window is said so.
let stack: FrameStack;
let page: Page;
let frameElement: Frame;
let address: Address;
let frameOrigin: string;

beforeAll(async () => {
  stack = await startFrameStack('frame-approval-popup', { approvals: 'popup' });
  frameOrigin = new URL(stack.frame.url).origin;
  ({ page, frameElement } = await openSite(stack));
  address = await signUp(stack, page, frameElement, `popup-${process.pid}@example.com`);
}, 180_000);

// A test that fails leaves no request waiting for the next one.
afterEach(async () => {
  await liftCut(page);
  for (const other of page.context().pages()) if (other !== page) await other.close();
  if ((await frameElement.evaluate(() => document.documentElement.dataset.prompt)) !== 'open') return;
  await frameElement.getByRole('button', { name: 'Reject' }).click();
  await promptClosed(page);
});

afterAll(async () => {
  await stack?.close();
});

const REJECTED = { error: 'User rejected the request.' };
const iframe = 'iframe[title="Cairn secure frame"]';
/** Whether the site's request is still waiting (nothing answered it yet). */
const pending = async (request: Promise<Outcome>) => (await Promise.race([request.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('pending'), 300))])) === 'pending';

/** The site asks to sign `message`; resolves once the frame shows where the request waits (with the request still waiting). */
async function ask(message: string): Promise<{ request: Promise<Outcome> }> {
  const request = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(message), address] });
  await promptOpen(page, frameElement);
  await frameElement.getByRole('button', { name: 'Open the secure window' }).waitFor();
  return { request };
}

/** The visitor clicks the frame's 'Open the secure window'; the window the frame opens. */
async function openWindow(): Promise<Page> {
  const opened = page.context().waitForEvent('page');
  await frameElement.getByRole('button', { name: 'Open the secure window' }).click();
  const popup = await opened;
  await popup.waitForFunction(() => document.documentElement.dataset.windowState === 'shown', null, { timeout: 15_000, ...STATE_POLLING });
  return popup;
}

describe('the approval window', () => {
  it("shows no Approve in the frame: a site that cuts the frame with clip-path around a decoy gets no signature from a click in it; the window shows the request on the frame's origin, and its Approve signs", async () => {
    const message = 'Sign in to the site (approval window)';
    const { request } = await ask(message);
    expect(await frameElement.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    // Everything of the frame cut away but its one button, the site's decoy around it.
    await cutFrameAround(page, (await frameElement.getByRole('button', { name: 'Open the secure window' }).boundingBox())!);
    const popup = await openWindow();
    // The click through the hole opened a window; it signed nothing.
    expect(await pending(request)).toBe(true);
    expect(new URL(popup.url()).origin).toBe(frameOrigin);
    expect(new URL(popup.url()).pathname).toBe('/approval.html');
    await expect.poll(() => popup.locator('.approval .details dd').innerText()).toBe(message);
    expect(await popup.locator('.approval dl[aria-label="Request"] dd').first().innerText()).toBe(new URL(stack.site.url).origin);
    // The site's styles reach nothing of the window: the visitor reads and moves onto Approve there.
    await approveInWindow(popup);
    const signature = ((await request).ok as { result: Hex }).result;
    expect(await verifyMessage({ address, message, signature })).toBe(true);
    await promptClosed(page);
  });

  it('rejects the request when the visitor closes the window', async () => {
    const { request } = await ask('closed window');
    const popup = await openWindow();
    await popup.close();
    expect(await request).toEqual(REJECTED);
    await promptClosed(page);
  });

  it("rejects on the window's Reject, and on the frame's", async () => {
    const { request: first } = await ask('rejected in the window');
    const popup = await openWindow();
    await rejectInWindow(popup);
    expect(await first).toEqual(REJECTED);
    await promptClosed(page);
    const { request: second } = await ask('rejected in the frame');
    const another = await openWindow();
    const closed = another.waitForEvent('close');
    await frameElement.getByRole('button', { name: 'Reject' }).click();
    expect(await second).toEqual(REJECTED);
    // The frame closes its window with the request.
    await closed;
    await promptClosed(page);
  });

  it("shows nothing in a window the site opened on the window's address, whatever the site posts to it, and takes no answer the site posts to the frame", async () => {
    const message = 'the real request';
    const { request } = await ask(message);
    const popup = await openWindow();
    // The site opens the approval window's address itself and posts it a forged request, again and again.
    const opened = page.context().waitForEvent('page');
    await page.evaluate(
      ([url, summaryOrigin]) => {
        const forged = window.open(url, '_blank', 'popup,width=480,height=680')!;
        const show = {
          type: 'cairn:approval-window:show',
          id: '5b0f3c2e-7a41-4c1e-9d2b-3f6a1e8c9d10',
          summary: { title: 'Sign a message', context: [{ label: 'Site', value: summaryOrigin }], details: [{ label: 'Message', value: 'Log in to a harmless site' }] },
          alwaysSeparate: false,
        };
        const timer = setInterval(() => forged.postMessage(show, '*'), 100);
        setTimeout(() => clearInterval(timer), 3_000);
      },
      [`${frameOrigin}/approval.html`, frameOrigin] as const,
    );
    const forged = await opened;
    await forged.waitForFunction(() => document.documentElement.dataset.windowState !== undefined, null, STATE_POLLING);
    // And it posts approvals to the frame, for the id it sent and for any other.
    await page.evaluate((selector) => {
      const frame = (document.querySelector(selector) as HTMLIFrameElement).contentWindow!;
      for (const id of ['5b0f3c2e-7a41-4c1e-9d2b-3f6a1e8c9d10', '00000000-0000-4000-8000-000000000000']) frame.postMessage({ type: 'cairn:approval-window:answer', id, approved: true, alwaysSeparate: false }, '*');
    }, iframe);
    await new Promise((resolve) => setTimeout(resolve, 3_200));
    expect(await forged.evaluate(() => document.documentElement.dataset.windowState)).toBe('waiting');
    expect(await forged.locator('.approval').count()).toBe(0);
    expect(await forged.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await pending(request)).toBe(true);
    // The real window still shows the real request, and its answer still counts.
    expect(await popup.locator('.approval .details dd').innerText()).toBe(message);
    await rejectInWindow(popup);
    expect(await request).toEqual(REJECTED);
    await promptClosed(page);
  });

  it('shows the window opened by the frame only: typed into the address bar, it says so', async () => {
    const typed = await page.context().newPage();
    await typed.goto(`${frameOrigin}/approval.html`);
    await typed.waitForFunction(() => document.documentElement.dataset.windowState === 'no-request', null, STATE_POLLING);
    expect(await typed.locator('.notice').innerText()).toBe('This window shows a request only when your wallet opens it. You can close it.');
    await typed.close();
  });

  it('says the browser blocked it, keeps the request waiting (never falls back to the inline screen), and opens it on the next click once allowed', async () => {
    const message = 'blocked window';
    const { request } = await ask(message);
    // What a popup blocker answers (window.open gives null): Chromium's own blocker lets a click's window through, so it is stood in for here.
    await blockWindows(frameElement);
    await frameElement.getByRole('button', { name: 'Open the secure window' }).click();
    await expect.poll(() => frameElement.locator('.approval-window .hint').innerText(), { timeout: 5_000 }).toBe(`Your browser blocked the secure window: allow pop-ups for ${frameOrigin}, then open it again.`);
    expect(page.context().pages()).toHaveLength(1);
    expect(await frameElement.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    expect(await pending(request)).toBe(true);
    // Pop-ups allowed: the same button opens the window, whose Approve signs.
    await allowWindows(frameElement);
    const popup = await openWindow();
    await approveInWindow(popup);
    const signature = ((await request).ok as { result: Hex }).result;
    expect(await verifyMessage({ address, message, signature })).toBe(true);
    await promptClosed(page);
  });

  it("takes no click on Approve while another page of the browser has the focus, and waits its 500 ms again once the focus is back (the window's focus check, session 25)", async () => {
    const message = 'Sign while another page is in front';
    const { request } = await ask(message);
    // Headless Chromium moves no focus between two windows (a popup keeps document.hasFocus() with
    // another window brought to the front: tried in session 25), but it does between the tabs of one
    // window. So the frame's window.open is called here without its popup features and the approval
    // window opens as a tab: the same page and the same check, only the browser's way of moving the focus differs.
    await frameElement.evaluate(() => {
      const real = window.open;
      window.open = (url?: string | URL, target?: string) => real.call(window, url, target);
      Object.assign(window, { allowWindows: () => (window.open = real) });
    });
    const popup = await openWindow();
    await allowWindows(frameElement);
    // Playwright tells every page it has the focus; the window is left to read the browser's own.
    await (await popup.context().newCDPSession(popup)).send('Emulation.setFocusEmulationEnabled', { enabled: false });
    await popup.bringToFront();
    const approve = popup.getByRole('button', { name: 'Approve' });
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true);
    const box = (await approve.boundingBox())!;
    const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
    // The pointer rests on Approve (as under a site's window put over it); the window's clock notes when its focus comes back and when Approve takes clicks again.
    await popup.mouse.move(x, y);
    await popup.evaluate(() => {
      const times = { focus: [] as number[], enabled: [] as number[] };
      const button = [...document.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Approve')!;
      window.addEventListener('focus', () => times.focus.push(performance.now()));
      new MutationObserver(() => {
        if (!button.disabled) times.enabled.push(performance.now());
      }).observe(button, { attributes: true, attributeFilter: ['disabled'] });
      Object.assign(window, { focusTimes: times });
    });

    // Another page of the browser in front: the window has lost the focus, Approve takes no click, a trusted click on it signs nothing.
    const over = await page.context().newPage();
    await over.bringToFront();
    await expect.poll(() => popup.evaluate(() => document.hasFocus())).toBe(false);
    await expect.poll(() => approve.isDisabled()).toBe(true);
    expect(await popup.locator('.approval .hint').innerText()).toBe('Part of this request is hidden. Move anything covering it and try again.');
    await popup.mouse.click(x, y);
    expect(await pending(request)).toBe(true);

    // The window in front again: Approve waits until it has held the focus for 500 ms, then its click signs.
    await popup.bringToFront();
    await expect.poll(() => approve.isEnabled(), { timeout: 5_000 }).toBe(true);
    const times = await popup.evaluate(() => (window as unknown as { focusTimes: { focus: number[]; enabled: number[] } }).focusTimes);
    expect(times.focus.length).toBeGreaterThan(0);
    expect(times.enabled.at(-1)! - times.focus.at(-1)!).toBeGreaterThanOrEqual(500);
    expect(await pending(request)).toBe(true);
    await approveInWindow(popup);
    const signature = ((await request).ok as { result: Hex }).result;
    expect(await verifyMessage({ address, message, signature })).toBe(true);
    await promptClosed(page);
  });
});

describe("the user's own choice, where the operator left approvals inline", () => {
  let inline: FrameStack;
  let site: Page;
  let frame: Frame;
  let account: Address;

  beforeAll(async () => {
    inline = await startFrameStack('frame-approval-choice', { approvals: 'inline' });
    ({ page: site, frameElement: frame } = await openSite(inline));
    account = await signUp(inline, site, frame, `popup-choice-${process.pid}@example.com`);
  }, 180_000);

  afterAll(async () => {
    await inline?.close();
  });

  const sign = (message: string) => call(site, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(message), account] });
  const windowOpenedBy = async (button: string) => {
    const opened = site.context().waitForEvent('page');
    await frame.getByRole('button', { name: button }).click();
    const popup = await opened;
    await popup.waitForFunction(() => document.documentElement.dataset.windowState === 'shown', null, { timeout: 15_000, ...STATE_POLLING });
    return popup;
  };

  it("moves a request from the inline screen to the secure window on the user's click; 'Always review in a separate window' ticked there sends the next straight to the window; unticked, the next is inline again", async () => {
    const message = 'moved to the secure window';
    const moved = sign(message);
    await promptOpen(site, frame);
    await frame.getByRole('button', { name: 'Approve' }).waitFor();
    const popup = await windowOpenedBy('Review in a secure window');
    // The inline screen is gone: the frame holds no Approve while the window is open.
    expect(await frame.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const always = popup.getByLabel('Always review in a separate window');
    expect(await always.isChecked()).toBe(false);
    await always.check();
    await approveInWindow(popup);
    const signature = ((await moved).ok as { result: Hex }).result;
    expect(await verifyMessage({ address: account, message, signature })).toBe(true);
    await promptClosed(site);

    // The user's choice holds: the next request waits for the window, with no inline screen.
    const next = sign('straight to the window');
    await promptOpen(site, frame);
    const second = await windowOpenedBy('Open the secure window');
    expect(await frame.getByRole('button', { name: 'Approve' }).count()).toBe(0);
    const choice = second.getByLabel('Always review in a separate window');
    expect(await choice.isChecked()).toBe(true);
    await choice.uncheck();
    await rejectInWindow(second);
    expect(await next).toEqual(REJECTED);
    await promptClosed(site);

    // Unticked in the window (where no site can draw): the operator's inline screen again.
    const third = sign('inline again');
    await promptOpen(site, frame);
    await frame.getByRole('button', { name: 'Approve' }).waitFor();
    await frame.getByRole('button', { name: 'Reject' }).click();
    expect(await third).toEqual(REJECTED);
    await promptClosed(site);
  });
});
