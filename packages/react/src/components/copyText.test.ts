import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copyText.ts';

describe('copyText', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('writes through the Clipboard API when the page has it', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    await expect(copyText('0xabc')).resolves.toBe(true);
    expect(writeText).toHaveBeenCalledWith('0xabc');
  });

  it('reports failure instead of throwing when the clipboard refuses and no fallback exists', async () => {
    vi.stubGlobal('navigator', { clipboard: { writeText: async () => Promise.reject(new Error('denied')) } });
    await expect(copyText('0xabc')).resolves.toBe(false);
  });
});
