import type { CairnFeature } from '../cairnFeature.ts';
import { withActions } from '../../loadCairnActions.ts';
import { createSiwxStore, type SiwxStore } from './siwxStore.ts';

declare module '../featureRegistry.ts' {
  interface FeatureStores {
    siwx: SiwxStore;
  }
  interface FeatureFacades {
    /** Signs in with the wallet (EIP-4361); the sign view calls it. */
    signIn(): Promise<boolean>;
    cancelSignIn(): Promise<void>;
  }
  interface FeatureViews {
    ConnectingSiwe: 'siwx';
  }
}

/**
 * Sign-in with the wallet's signature (SPEC §4): its store and its view. Its actions ride the core's
 * actions chunk, since a connection checks the session at once (checkSignIn).
 */
export const siwxFeature: CairnFeature = {
  stores: { siwx: createSiwxStore },
  facade: {
    signIn: (ctx) => () => withActions(ctx, (loaded) => loaded.signIn(ctx)),
    cancelSignIn: (ctx) => () => withActions(ctx, (loaded) => loaded.cancelSignIn(ctx)),
  },
};
