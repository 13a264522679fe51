import type { PolkadotTestExtension, PolkadotTestExtensionOptions } from './createPolkadotTestExtension.ts';

/** What dist/polkadot-test-extension.js puts on `window`. */
declare global {
  interface Window {
    cairnPolkadotTestExtension?: { extensions: PolkadotTestExtension[] };
    /** Read once when the script loads: each entry is injected into `window.injectedWeb3`. */
    __cairnPolkadotTestExtensions?: PolkadotTestExtensionOptions[];
    injectedWeb3?: Record<string, unknown>;
  }
}
