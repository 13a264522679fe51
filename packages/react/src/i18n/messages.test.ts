import { createCairn } from '@cairn/core';
import { createEvmAdapter, defineEvmNetwork } from '@cairn/evm';
import { describe, expect, it } from 'vitest';
import { bindTranslation, messagesOf, translatorFor } from './messages.ts';

const cairn = (locale?: string) =>
  createCairn({
    networks: [defineEvmNetwork({ id: 31337, name: 'Anvil', rpcUrl: 'http://127.0.0.1:8545', testnet: true })],
    adapters: [createEvmAdapter()],
    metadata: { name: 'messages test', url: 'http://127.0.0.1' },
    ...(locale ? { locale } : {}),
  });

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

  it('is one store per instance, made without assembling it (the first paint reads it)', () => {
    const instance = cairn();
    expect(messagesOf(instance)).toBe(messagesOf(instance));
    expect(messagesOf(instance)).not.toBe(messagesOf(cairn()));
    expect(messagesOf(instance).get()).toEqual({ locale: 'en', catalogue: undefined });
  });
});
