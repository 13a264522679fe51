import type { Cairn } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { bindTranslation, loadedCatalogue, messagesOf, translatorFor } from './messages.ts';

// messagesOf reads only the instance's options (so that the button's first paint assembles
// nothing): an instance is its options here. The real catalogues load.
const cairn = (locale?: string) => ({ options: locale ? { locale } : {} }) as unknown as Cairn;

describe('bindTranslation', () => {
  it("hands English at once, then the locale's catalogue when it has loaded, and nothing after the stop", async () => {
    const instance = cairn('de');
    const seen: string[] = [];
    const stop = bindTranslation(instance, (t) => seen.push(t('Connect Wallet')));
    expect(seen).toEqual(['Connect Wallet']);
    await expect.poll(() => messagesOf(instance).get().catalogue).toBeDefined();
    expect(seen).toHaveLength(2);
    expect(seen[1]).toBe(translatorFor(messagesOf(instance).get().catalogue)('Connect Wallet'));
    expect(seen[1]).not.toBe('Connect Wallet');
    stop();
    messagesOf(instance).set({ catalogue: undefined });
    expect(seen).toHaveLength(2);
  });

  it('is one store per instance, English until a catalogue loads', () => {
    const instance = cairn();
    expect(messagesOf(instance)).toBe(messagesOf(instance));
    expect(messagesOf(instance)).not.toBe(messagesOf(cairn()));
    expect(messagesOf(instance).get()).toEqual({ locale: 'en', catalogue: undefined });
  });
});

describe('loadedCatalogue (the button\'s first paint)', () => {
  it('starts no load and makes no store: undefined until bindTranslation has brought the catalogue', async () => {
    const instance = cairn('fr');
    expect(loadedCatalogue(instance)).toBeUndefined();
    expect(loadedCatalogue(instance)).toBeUndefined();
    const stop = bindTranslation(instance, () => undefined);
    await expect.poll(() => loadedCatalogue(instance)).toBeDefined();
    expect(loadedCatalogue(instance)).toBe(messagesOf(instance).get().catalogue);
    expect(translatorFor(loadedCatalogue(instance))('Connect Wallet')).not.toBe('Connect Wallet');
    stop();
  });
});
