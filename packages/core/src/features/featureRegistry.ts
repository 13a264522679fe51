// Each wallet feature adds its part to these interfaces from its own folder, by declaration
// merging (as Fastify's decorators and Vue's plugins do), so that the context, the router's view
// names and the Cairn type know a feature without importing it. features.ts is the one list that
// loads them.

/** The features' stores, on the context and on `cairn.stores`. */
export interface FeatureStores {}

/** The features' stores on `cairn.stores` only, for a feature that keeps its store elsewhere on the context. */
export interface FeaturePublicStores {}

/** What a feature adds to the context when the site configures it (made by its `setup`). */
export interface FeatureContext {}

/** The features' methods on the Cairn instance. */
export interface FeatureFacades {}

/** The features' view names, each naming the feature that owns it. */
export interface FeatureViews {}

/** When the core resets the features' state (SPEC §4): a disconnect, or another active network. */
export type FeatureReset = 'disconnect' | 'networkChange';
