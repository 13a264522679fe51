import { createPolkadotTestExtension, injectPolkadotTestExtension, type PolkadotTestExtension } from './createPolkadotTestExtension.ts';
import './browserGlobals.ts';

// Entry of dist/polkadot-test-extension.js (an IIFE): the page-side "extension". A second load keeps the first.
if (!window.cairnPolkadotTestExtension) {
  const extensions: PolkadotTestExtension[] = [];
  window.cairnPolkadotTestExtension = { extensions };
  for (const options of window.__cairnPolkadotTestExtensions ?? []) {
    const extension = createPolkadotTestExtension(options);
    extensions.push(extension);
    injectPolkadotTestExtension(extension, window);
  }
}
