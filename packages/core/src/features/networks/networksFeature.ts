import type { CairnFeature } from '../cairnFeature.ts';
import { withActions } from '../../loadCairnActions.ts';
import type { CaipNetwork } from '../../types.ts';

declare module '../featureRegistry.ts' {
  interface FeatureFacades {
    switchNetwork(network: CaipNetwork): Promise<boolean>;
  }
  interface FeatureViews {
    Networks: 'networks';
    SwitchNetwork: 'networks';
    UnsupportedChain: 'networks';
  }
}

/**
 * Networks: the list to switch to and the UnsupportedChain view (SPEC §2). The active network is
 * the core's network store, which every action reads; what is this feature's is switching it.
 */
export const networksFeature: CairnFeature = {
  facade: {
    switchNetwork: (ctx) => (network) => withActions(ctx, (loaded) => loaded.switchNetwork(ctx, network)),
  },
};
