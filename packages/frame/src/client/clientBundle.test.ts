import { fileURLToPath } from 'node:url';
import { build, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { sourceResolve } from '../../../../scripts/lib/sourceConditions.ts';

/** What a site's bundler takes from `@cairn/frame/client`: built here as a site would, minified. */
async function bundleClientEntry(): Promise<string> {
  const output = (await build({
    ...sourceResolve,
    configFile: false,
    logLevel: 'silent',
    build: {
      write: false,
      minify: true,
      lib: { entry: fileURLToPath(new URL('./index.ts', import.meta.url)), formats: ['es'], fileName: 'client' },
    },
  })) as Rolldown.RolldownOutput[] | Rolldown.RolldownOutput;
  const outputs = Array.isArray(output) ? output : [output];
  return outputs.flatMap((o) => o.output).map((chunk) => ('code' in chunk ? chunk.code : '')).join('\n');
}

describe('the widget-side entry', () => {
  it('carries no key custody: no Shamir, scrypt, BIP-39 words, secp256k1 or key derivation', async () => {
    const code = await bundleClientEntry();
    expect(code).toContain('@cairn-app/');
    for (const marker of ['abandon', 'zoo', 'scrypt', 'Bitcoin seed', 'cairn-recovery', 'cairn-device-share', 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141'.toLowerCase()]) {
      expect(code, marker).not.toContain(marker);
    }
    expect(code.length).toBeLessThan(60_000);
  }, 60_000);
});
