import type { Connector } from '@cairn/core';
import { isEip1193Provider, type Eip1193Provider } from './eip1193.ts';
import { watchAnnouncedWallets, type AnnouncedWallets } from './eip6963.ts';
import { INJECTED_CONNECTOR_ID, INJECTED_ICON } from './injectedConnector.ts';
import type { EvmConnectorPlugin } from './connectorPlugin.ts';
import { lazyProvider } from './lazyProvider.ts';

/** A wallet found in the page: the connector the modal lists and the provider the calls go to. */
export interface DiscoveredWallet {
  connector: Connector;
  provider: Eip1193Provider;
}

/**
 * The browser's EVM wallets: EIP-6963 announcements and a plain `window.ethereum`. It stays in
 * the page's first load (Connect lists these rows at the click); the wallet calls are the lazy body's.
 */
export interface EvmDiscovery {
  /** Starts listening; `onChange` hears every change of the list. Returns the stop. */
  start(onChange: (wallets: readonly DiscoveredWallet[]) => void): () => void;
  wallets(): readonly DiscoveredWallet[];
  /** The wallet once announced, asking the page's wallets again; undefined after `timeoutMs`. */
  waitForConnector(connectorId: string, timeoutMs: number): Promise<Connector | undefined>;
}

export function createEvmDiscovery(win: Window | undefined, plugins: readonly EvmConnectorPlugin[] = []): EvmDiscovery {
  let wallets: DiscoveredWallet[] = [];
  // The site's plugin wallets, once each said this page can use it; their code loads at the first call.
  const pluginWallets: DiscoveredWallet[] = [];
  let pluginsChecked = false;
  const checkPlugins = () => {
    if (pluginsChecked) return;
    pluginsChecked = true;
    for (const plugin of plugins) {
      const wallet = { connector: plugin.connector, provider: lazyProvider(() => plugin.loadProvider()) };
      if (!plugin.available) pluginWallets.push(wallet);
      else
        void plugin.available().then(
          (usable) => {
            if (!usable) return;
            pluginWallets.push(wallet);
            rebuild();
          },
          (error: unknown) => console.warn(`[cairn] ${plugin.connector.name} is not available here`, error),
        );
    }
  };
  let announced: AnnouncedWallets | undefined;
  const listeners = new Set<(wallets: readonly DiscoveredWallet[]) => void>();

  const rebuild = () => {
    const details = announced?.list() ?? [];
    const next: DiscoveredWallet[] = details.map(({ info, provider }) => ({
      provider,
      connector: { id: info.rdns, name: info.name, type: 'ANNOUNCED', chain: 'eip155', imageUrl: info.icon, info: { rdns: info.rdns } },
    }));
    // A plain window.ethereum is listed only when no announcement already covers it.
    const injected = (win as { ethereum?: unknown } | undefined)?.ethereum;
    if (isEip1193Provider(injected) && !details.some((detail) => detail.provider === injected)) {
      next.push({
        provider: injected,
        connector: { id: INJECTED_CONNECTOR_ID, name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', imageUrl: INJECTED_ICON },
      });
    }
    wallets = [...next, ...pluginWallets];
    for (const listener of [...listeners]) listener(wallets);
  };

  const find = (connectorId: string) => wallets.find((wallet) => wallet.connector.id === connectorId)?.connector;

  return {
    start(onChange) {
      listeners.add(onChange);
      if (win && !announced) announced = watchAnnouncedWallets(win, rebuild);
      checkPlugins();
      rebuild();
      return () => {
        listeners.delete(onChange);
        if (listeners.size > 0) return;
        announced?.stop();
        announced = undefined;
      };
    },
    wallets: () => wallets,
    waitForConnector(connectorId, timeoutMs) {
      const found = find(connectorId);
      if (found || !win) return Promise.resolve(found);
      return new Promise((resolve) => {
        const done = (value: Connector | undefined) => {
          clearTimeout(timer);
          listeners.delete(wake);
          resolve(value);
        };
        const wake = () => {
          const connector = find(connectorId);
          if (connector) done(connector);
        };
        const timer = setTimeout(() => done(find(connectorId)), timeoutMs);
        listeners.add(wake);
        announced?.request();
      });
    },
  };
}
