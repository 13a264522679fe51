import { lazyModule, type LazyModule } from '@cairn/core/internal';
import { ApiError } from '../http/errors.ts';
import { AUTH_ERRORS } from './authErrors.ts';

type PolkadotCrypto = typeof import('@polkadot/util-crypto');

/**
 * @polkadot/util-crypto and its wasm, loaded after the server listens (cli.ts), not before it. A
 * failed load is forgotten (lazyModule): the next sign-in loads again.
 */
export const polkadotCrypto: LazyModule<PolkadotCrypto> = lazyModule(async () => {
  const module = await import('@polkadot/util-crypto');
  await module.cryptoWaitReady();
  return module;
});

/**
 * Starts loading Polkadot's crypto in the background. Loaded by the first sign-in instead, it made
 * that sign-in outlast the client's 10 s JSON-RPC timeout ('Request was aborted') on a loaded
 * machine: the import and wasm took 17.1 s of wall for 0.6 CPU-s at load 36 (polkadot e2e's
 * signRaw test failed so in ci3 and ci4 of session 17, passing on its retry).
 */
export function preloadPolkadotCrypto(crypto: LazyModule<unknown> = polkadotCrypto): void {
  crypto.load().catch(() => undefined); // the first sign-in loads again, and answers 503 if that fails too
}

/**
 * The loaded crypto for a sign-in, or 503 with what to do: a load that failed is no fault of the
 * signer's, nor a 500. Before session 19 a failure of a sign-in's own load was kept, and every later
 * Polkadot sign-in answered 500 until a restart; only the preload's failure was forgotten.
 */
export async function loadedCrypto<T>(crypto: LazyModule<T>): Promise<T> {
  try {
    return await crypto.load();
  } catch {
    throw new ApiError(503, AUTH_ERRORS.polkadotCryptoUnavailable);
  }
}
