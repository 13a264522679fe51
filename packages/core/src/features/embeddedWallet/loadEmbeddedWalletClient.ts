import { EMBEDDED_LOGIN_NOT_CONFIGURED } from './embeddedLoginText.ts';
import { widgetLocale } from '../../i18n/locales.ts';
import type { ResolvedOptions } from '../../options.ts';
import type { EmbeddedWalletClient } from './embeddedWalletPlugin.ts';

/**
 * Starts one frame client through the site's plugin (its code is its own chunk, fetched only when
 * a visitor logs in by e-mail or social account, or comes back to such a login). A failed start is
 * not cached, so the next attempt tries again; `onLoad` runs once per client.
 */
export function createEmbeddedWalletLoader(options: ResolvedOptions, onLoad: (client: EmbeddedWalletClient) => void): { load(): Promise<EmbeddedWalletClient>; loaded(): EmbeddedWalletClient | undefined } {
  const plugin = options.embeddedWallet;
  if (!plugin) throw new Error(EMBEDDED_LOGIN_NOT_CONFIGURED);
  let loading: Promise<EmbeddedWalletClient> | undefined;
  let client: EmbeddedWalletClient | undefined;
  const metadata = { name: options.metadata?.name ?? '', url: options.metadata?.url ?? (typeof location === 'undefined' ? '' : location.origin) };
  return {
    load: () => {
      loading ??= plugin.createClient({ ...(options.api ? { projectId: options.api.projectId } : {}), metadata, locale: widgetLocale(options.locale) }).then(
        (created) => {
          client = created;
          onLoad(created);
          return created;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => client,
  };
}
