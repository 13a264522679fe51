import { lazyModule } from '@cairn/core/internal';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { AUTH_ERRORS } from './authErrors.ts';
import { loadedCrypto, polkadotCrypto, preloadPolkadotCrypto } from './polkadotCrypto.ts';

// A load that really fails: an import of a module that is not there (as a missing or broken
// install, or a wasm that does not instantiate, fails it), then the real one.
const MISSING = './no-such-polkadot-crypto.ts';
function failingFirst(failures: number) {
  let calls = 0;
  return {
    calls: () => calls,
    crypto: lazyModule(async () => {
      calls += 1;
      if (calls <= failures) return (await import(/* @vite-ignore */ MISSING)) as typeof import('@polkadot/util-crypto');
      const module = await import('@polkadot/util-crypto');
      await module.cryptoWaitReady();
      return module;
    }),
  };
}

describe("the server's Polkadot crypto", () => {
  it('loads again for the first sign-in after the preload failed, and verifies with it', async () => {
    const flaky = failingFirst(1);
    preloadPolkadotCrypto(flaky.crypto);
    // The preload's failure is swallowed (no unhandled rejection) and forgotten.
    await expect(flaky.crypto.load()).rejects.toThrow();
    const { signatureVerify } = await loadedCrypto(flaky.crypto);
    expect(typeof signatureVerify).toBe('function');
    expect(flaky.calls()).toBe(2);
  });

  it("answers 503 with what to do while the load fails, then loads on a later sign-in (a sign-in's own failed load is not kept)", async () => {
    const flaky = failingFirst(2);
    for (let attempt = 0; attempt < 2; attempt++) {
      const refused = await loadedCrypto(flaky.crypto).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ statusCode: 503, message: AUTH_ERRORS.polkadotCryptoUnavailable });
    }
    expect(typeof (await loadedCrypto(flaky.crypto)).signatureVerify).toBe('function');
    expect(flaky.calls()).toBe(3);
  });

  it("the server's own loader loads once and is shared", async () => {
    preloadPolkadotCrypto();
    const [a, b] = await Promise.all([loadedCrypto(polkadotCrypto), loadedCrypto(polkadotCrypto)]);
    expect(a).toBe(b);
  });
});
