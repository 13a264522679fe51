import { recoverMessageAddress } from 'viem';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fromBase64url, verifyAuthShareRelease } from '@cairn/frame/testing';
import { startStaticServer, type StaticServer } from '../bench/lib/staticServer.ts';
import { collectPageErrors, isolatedContext, launchChromium } from './support/browser.ts';

// The frame's key custody in Chromium (issue 14): non-extractable keys kept in IndexedDB across a
// reload, the device and auth shares signing together, recovery with the passphrase (scrypt 2^17).
let site: StaticServer;
let browser: Browser;

beforeAll(async () => {
  site = await startStaticServer(inject('pages').frameCustody);
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await site?.close();
});

type CustodyTest = Record<string, (...args: unknown[]) => Promise<Record<string, unknown>>>;
const run = (page: Page, name: string, ...args: unknown[]) =>
  page.evaluate(([n, a]) => ((window as unknown as { custodyTest: CustodyTest }).custodyTest[n as string]!(...(a as unknown[]))), [name, args] as const);

async function open(): Promise<{ page: Page; errors: string[] }> {
  const { context } = await isolatedContext(browser);
  const page = await context.newPage();
  const errors = collectPageErrors(page);
  await page.goto(site.url);
  await page.waitForFunction(() => 'custodyTest' in window);
  return { page, errors };
}

describe('frame key custody in Chromium', () => {
  it('keeps the device record in IndexedDB across a reload, keys unexportable, and signs with the released auth share', async () => {
    const { page, errors } = await open();
    const created = (await run(page, 'create', 'code')) as { address: `0x${string}`; server: { device: { authShare: string; devicePublicKey: string } } };
    await page.reload();
    await page.waitForFunction(() => 'custodyTest' in window);
    const unlocked = (await run(page, 'unlockStored', created.server.device.authShare, 'server-nonce-1')) as {
      address: string;
      signature: `0x${string}`;
      proof: string;
      deviceId: string;
      exported: string;
      exportedSigning: string;
    };
    expect(unlocked.address).toBe(created.address);
    expect(unlocked.exported).toBe('refused');
    expect(unlocked.exportedSigning).toBe('refused');
    expect(await recoverMessageAddress({ message: 'signed in the frame', signature: unlocked.signature })).toBe(created.address);
    // The server's check of the device proof, in Node, over the same text.
    const input = { nonce: 'server-nonce-1', deviceId: unlocked.deviceId, address: created.address };
    expect(await verifyAuthShareRelease(fromBase64url(created.server.device.devicePublicKey), fromBase64url(unlocked.proof), input)).toBe(true);
    expect(await verifyAuthShareRelease(fromBase64url(created.server.device.devicePublicKey), fromBase64url(unlocked.proof), { ...input, nonce: 'server-nonce-2' })).toBe(false);
    expect(errors).toEqual([]);
  });

  it('recovers on a new browser profile with the passphrase; a wrong one says so', async () => {
    const first = await open();
    const created = (await run(first.page, 'create', 'passphrase')) as { address: string; server: unknown; createMs: number };
    const second = await open();
    const wrong = (await run(second.page, 'recover', created.server, { kind: 'passphrase', passphrase: 'a long passphrase only I knew' })) as { error: string };
    expect(wrong.error).toBe('Wrong passphrase or recovery code');
    const right = (await run(second.page, 'recover', created.server, { kind: 'passphrase', passphrase: 'a long passphrase only I know' })) as { address: string; ms: number };
    expect(right.address).toBe(created.address);
    console.log(`scrypt 2^17 in Chromium: create ${Math.round(created.createMs)} ms, recover ${Math.round(right.ms)} ms`);
  });
});
