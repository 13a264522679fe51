import type { Cairn } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { bindButtonLanguage, loadedTranslator } from './buttonLanguage.ts';

// The language reads only the instance's options: an instance is its options here. The real
// messages module and catalogues load.
const cairn = (locale: string) => ({ options: { locale } }) as unknown as Cairn;

describe("the buttons' language (buttonLanguage.ts)", () => {
  it('leaves a page in English as the view shows it: nothing applied, nothing loaded', async () => {
    const seen: string[] = [];
    const stop = bindButtonLanguage(cairn('en-GB'), (t) => seen.push(t('Connect Wallet')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
    expect(loadedTranslator(cairn('en'))).toBeUndefined();
    stop();
  });

  it("hands another language's t once its catalogue has loaded; a later button's first paint has it at once", async () => {
    const instance = cairn('de');
    const seen: string[] = [];
    const stop = bindButtonLanguage(instance, (t) => seen.push(t('Connect Wallet')));
    await expect.poll(() => seen.at(-1)).toBeDefined();
    await expect.poll(() => loadedTranslator(instance)).toBeDefined();
    const german = loadedTranslator(instance)!('Connect Wallet');
    expect(german).not.toBe('Connect Wallet');
    await expect.poll(() => seen.at(-1)).toBe(german);
    stop();
  });

  it('applies nothing when stopped before the messages have loaded', async () => {
    const seen: string[] = [];
    const stop = bindButtonLanguage(cairn('fr'), (t) => seen.push(t('Connect Wallet')));
    stop();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(seen).toEqual([]);
  });
});
