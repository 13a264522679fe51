import type { CairnContext, FeatureSession } from '../context.ts';
import type { FeatureFacades, FeaturePublicStores, FeatureStores } from './featureRegistry.ts';
import type { PartFactories } from './lazyParts.ts';

/**
 * A wallet feature as the core sees it: one folder under features/, one line in features.ts.
 * Its actions are a lazy chunk its facade loads on first use. Its stores and methods are made on
 * first read (lazyParts.ts), one factory each, so that the page's first paint runs none of them.
 */
export interface CairnFeature {
  /** Its stores, each made once per instance, when first read. */
  stores?: PartFactories<FeatureStores, []>;
  /** Adds its part of the context (FeatureContext) from the site's options, before the wallets are watched. */
  setup?(ctx: CairnContext): void;
  /** Its stores on `cairn.stores` that are not FeatureStores (read after `setup`). */
  publicStores?: PartFactories<FeaturePublicStores, [CairnContext]>;
  /** SPEC §4: what a disconnect forgets. */
  resetOnDisconnect?(ctx: CairnContext): void;
  /** SPEC §4: what another active network resets. */
  resetOnNetworkChange?(ctx: CairnContext): void;
  /** What it follows in the other stores for as long as the instance lives; returns the stop. */
  watch?(ctx: CairnContext): () => void;
  /** Its methods on the Cairn instance, each made on first read. */
  facade?: PartFactories<FeatureFacades, [CairnContext]>;
  /** Its connector's session, when one session spans every namespace the connector connects. */
  session?: FeatureSession;
}
