import SafeAppsSDK from '@safe-global/safe-apps-sdk';
import { SafeAppProvider } from '@safe-global/safe-apps-provider';
import type { Eip1193Provider } from '@cairn/evm';
import type { SafeOptions } from './safeOptions.ts';

const DEFAULT_TIMEOUT_MS = 1_000;

/**
 * Asks the frame hosting the page for its Safe (getSafeInfo). Resolves the Safe's EIP-1193
 * provider, or undefined when no Safe{Wallet} answers in time (the page is framed by another site).
 */
export async function connectToSafeHost(options: SafeOptions): Promise<Eip1193Provider | undefined> {
  const sdk = new SafeAppsSDK(options.allowedDomains ? { allowedDomains: [...options.allowedDomains] } : {});
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  });
  const info = await Promise.race([sdk.safe.getInfo().catch(() => undefined), silent]).finally(() => clearTimeout(timer));
  if (!info) return undefined;
  const provider = new SafeAppProvider(info, sdk);
  return {
    // A Safe has one account and no prompt: asking for accounts is reading them.
    request: (args) => provider.request({ method: args.method === 'eth_requestAccounts' ? 'eth_accounts' : args.method, params: args.params as unknown[] }),
    on: (event, listener) => void provider.on(event, listener),
    removeListener: (event, listener) => void provider.removeListener(event, listener),
  };
}
