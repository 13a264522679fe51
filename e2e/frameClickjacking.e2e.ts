import { toHex, verifyMessage, type Address, type Hex } from 'viem';
import type { Frame, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, openSite, promptClosed, promptOpen, signUp, startFrameStack, type FrameStack, type Outcome } from './support/frameStack.ts';

// Clickjacking the frame's approval screen (issue 22, item 2), in Chromium: the site embedding the
// frame is the attacker. It lays opaque `pointer-events:none` decoys over parts of the screen (so
// the user reads the site's text and clicks through to Approve), crops the frame, or slides the
// screen under a pointer that does not move. Each is refused: the click does not sign and the
// screen says why. The honest path (read, move onto Approve, click) still signs.
let stack: FrameStack;
let page: Page;
let frameElement: Frame;
let address: Address;

beforeAll(async () => {
  stack = await startFrameStack('frame-clickjacking');
  ({ page, frameElement } = await openSite(stack));
  address = await signUp(stack, page, frameElement, `clickjack-${process.pid}@example.com`);
}, 180_000);

// A test that fails leaves no screen open for the next one ('Another request is waiting for your approval').
afterEach(async () => {
  await page.evaluate(() => {
    document.getElementById('decoy')?.remove();
    document.documentElement.style.overflow = '';
    document.body.style.cssText = '';
  });
  if ((await frameElement.evaluate(() => document.documentElement.dataset.prompt)) !== 'open') return;
  await frameElement.getByRole('button', { name: 'Reject' }).click();
  await promptClosed(page);
});

afterAll(async () => {
  await stack?.close();
});

const HIDDEN = 'Part of this request is hidden. Move anything covering it and try again.';
const CROPPED = 'This screen is cut off, so part of the request cannot be seen. Make the window larger and try again.';
const MOVE_FIRST = 'Move the pointer onto Approve, then click it.';

const approveButton = () => frameElement.getByRole('button', { name: 'Approve' });
const hint = () => frameElement.locator('.approval .hint').innerText();
const iframe = 'iframe[title="Cairn secure frame"]';
/** Whether the site's request is still waiting (nothing answered it yet). */
const pending = async (request: Promise<Outcome>) => (await Promise.race([request.then(() => 'answered'), new Promise((resolve) => setTimeout(() => resolve('pending'), 300))])) === 'pending';

async function centreOf(locator: ReturnType<Frame['locator']>) {
  const box = (await locator.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** The site asks to sign `message`; resolves once the frame's screen is shown (with the request still waiting). */
async function ask(message: string): Promise<{ request: Promise<Outcome> }> {
  const request = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: [toHex(message), address] });
  await promptOpen(page, frameElement);
  return { request };
}

/** An opaque layer of the site's page over `box` that lets clicks through. */
const layDecoy = (box: { x: number; y: number; width: number; height: number }) =>
  page.evaluate((b) => {
    const decoy = document.createElement('div');
    decoy.id = 'decoy';
    decoy.textContent = 'Claim your free tokens';
    decoy.style.cssText = `position:fixed;z-index:2147483647;top:${b.y}px;left:${b.x}px;width:${b.width}px;height:${b.height}px;background:#fff;color:#111;pointer-events:none;overflow:hidden`;
    document.body.append(decoy);
  }, box);
/** The site restyles the iframe it shows the frame in. */
const frameStyle = (property: 'height' | 'top', value: string) =>
  page.evaluate(([selector, name, to]) => (document.querySelector(selector) as HTMLIFrameElement).style.setProperty(name, to), [iframe, property, value] as const);
const liftDecoy = () => page.evaluate(() => document.getElementById('decoy')!.remove());

/** The visitor does what the site's page says: moves onto where Approve is, waits, and clicks. */
async function clickWhereApproveIs() {
  const { x, y } = await centreOf(approveButton());
  await page.mouse.move(x - 5, y);
  await page.mouse.move(x, y);
  await new Promise((resolve) => setTimeout(resolve, 700)); // longer than the screen's wait (APPROVE_VISIBLE_MS)
  await page.mouse.move(x + 2, y);
  await page.mouse.click(x + 2, y);
}

async function reject(request: Promise<Outcome>) {
  await frameElement.getByRole('button', { name: 'Reject' }).click();
  expect(await request).toEqual({ error: 'User rejected the request.' });
  await promptClosed(page);
}

async function approveHonestly(request: Promise<Outcome>, message: string) {
  await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true);
  await approveButton().click(); // Playwright moves the pointer onto the button, then clicks
  const signature = ((await request).ok as { result: Hex }).result;
  expect(await verifyMessage({ address, message, signature })).toBe(true);
  await promptClosed(page);
}

describe("clickjacking the frame's approval screen", () => {
  // Each part of the screen the user must read, and the footer's other half (the Approve button itself stays uncovered).
  const parts = [
    ['the title', 'h1'],
    ['the origin row', 'dl[aria-label="Request"] dd >> nth=0'],
    ['the network row', 'dl[aria-label="Request"] dd >> nth=1'],
    ['the account row', 'dl[aria-label="Request"] dd >> nth=2'],
    ['the message', '.details dd'],
    ['the footer (Reject and the hint)', 'footer button:has-text("Reject")'],
  ] as const;

  it.each(parts)('refuses while an opaque decoy that clicks go through covers %s, and says why', async (_part, selector) => {
    const { request } = await ask(`Sign in to the site\ndecoy over ${selector}`);
    await layDecoy((await frameElement.locator(`.approval ${selector}`).boundingBox())!);
    await clickWhereApproveIs();
    expect(await pending(request)).toBe(true);
    expect(await hint()).toBe(HIDDEN);
    expect(await approveButton().isDisabled()).toBe(true);
    await liftDecoy();
    await reject(request);
  });

  it('restarts the wait when a decoy is lifted; the honest path (move onto Approve, click) then signs', async () => {
    const message = 'decoy lifted';
    const { request } = await ask(message);
    await layDecoy((await frameElement.locator('.approval .details dd').boundingBox())!);
    await expect.poll(hint, { timeout: 5_000 }).toBe(HIDDEN);
    await liftDecoy();
    await approveHonestly(request, message);
  });

  it('refuses a frame made smaller than the screen needs; made whole again, it restarts the wait and signs', async () => {
    const message = 'small frame';
    const { request } = await ask(message);
    await frameStyle('height', '260px');
    await clickWhereApproveIs();
    expect(await pending(request)).toBe(true);
    expect(await hint()).toBe(CROPPED);
    await frameStyle('height', '480px');
    await approveHonestly(request, message);
  });

  it("refuses a frame cropped by an ancestor's overflow:hidden, or pushed partly off the screen", async () => {
    const { request } = await ask('cropped frame');
    // The body becomes the fixed iframe's containing block (the frame stays where it was) and clips it 300 px below its top.
    await page.evaluate((selector) => {
      const frame = document.querySelector(selector) as HTMLIFrameElement;
      const { top, height } = frame.getBoundingClientRect();
      document.documentElement.style.overflow = 'auto';
      document.body.style.cssText = `margin:0;transform:translate(0);overflow:hidden;height:${top + 300}px`;
      frame.style.top = `${top + height / 2}px`;
    }, iframe);
    await clickWhereApproveIs();
    expect(await pending(request)).toBe(true);
    expect(await hint()).toBe(CROPPED);
    await page.evaluate(() => {
      document.documentElement.style.overflow = '';
      document.body.style.cssText = '';
    });
    await expect.poll(hint, { timeout: 5_000 }).not.toBe(CROPPED);
    await frameStyle('top', '-120px');
    await expect.poll(hint, { timeout: 5_000 }).toBe(CROPPED);
    await frameStyle('top', '50%');
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true);
    await reject(request);
  });

  it('refuses a click under a pointer that rested where the screen appeared; a move onto Approve, then a click, signs', async () => {
    // Where Approve will be: the frame is shown at the same place each time.
    const first = await ask('where is Approve');
    const { x, y } = await centreOf(approveButton());
    await reject(first.request);
    await page.mouse.move(x, y);
    const message = 'still pointer';
    const { request } = await ask(message);
    await expect.poll(() => approveButton().isEnabled(), { timeout: 5_000 }).toBe(true);
    await page.mouse.down();
    await page.mouse.up();
    expect(await pending(request)).toBe(true);
    expect(await hint()).toBe(MOVE_FIRST);
    await page.mouse.move(x + 3, y);
    await page.mouse.click(x + 3, y);
    const signature = ((await request).ok as { result: Hex }).result;
    expect(await verifyMessage({ address, message, signature })).toBe(true);
    await promptClosed(page);
  });
});
