import type { CairnFeature } from '../cairnFeature.ts';

declare module '../featureRegistry.ts' {
  interface FeatureViews {
    Receive: 'receive';
  }
}

/** Receive: the address and its QR code, from the stores the account already has; no state of its own. */
export const receiveFeature: CairnFeature = {};
