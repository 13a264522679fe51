import type { CairnContext, FeatureSession } from '../context.ts';
import type { CairnFeature } from './cairnFeature.ts';
import type { FeatureFacades, FeaturePublicStores, FeatureReset, FeatureStores } from './featureRegistry.ts';
import { lazyParts } from './lazyParts.ts';

// Each feature's types merge into the registry from its own folder, so no type can tell that the
// table holds every feature whose stores and methods the registry names: the table is the list,
// and createCairn's tests use every store and method.

/** Every feature's stores, made afresh, each on first read. */
export function createFeatureStores(features: readonly CairnFeature[]): FeatureStores {
  return lazyParts<FeatureStores, []>(features.map((feature) => feature.stores), []);
}

/** Lets every feature add its part of the context. */
export function setupFeatures(features: readonly CairnFeature[], ctx: CairnContext): void {
  for (const feature of features) feature.setup?.(ctx);
}

/** The stores features show on `cairn.stores` beside their FeatureStores, each made on first read, after `first`. */
export function featurePublicStores(features: readonly CairnFeature[], ctx: CairnContext, first?: () => void): FeaturePublicStores {
  return lazyParts(features.map((feature) => feature.publicStores), [ctx], first);
}

/** Every feature's methods on the Cairn instance, each made on first read, after `first`. */
export function featureFacades(features: readonly CairnFeature[], ctx: CairnContext, first?: () => void): FeatureFacades {
  return lazyParts(features.map((feature) => feature.facade), [ctx], first);
}

/** Resets what every feature forgets on a disconnect or on another network. */
export function featureResets(features: readonly CairnFeature[]): (ctx: CairnContext, on: FeatureReset) => void {
  return (ctx, on) => {
    for (const feature of features) {
      if (on === 'disconnect') feature.resetOnDisconnect?.(ctx);
      else feature.resetOnNetworkChange?.(ctx);
    }
  };
}

/** The features' connector sessions, by connector id. */
export function featureSessions(features: readonly CairnFeature[]): ReadonlyMap<string, FeatureSession> {
  return new Map(features.flatMap((feature) => (feature.session ? [[feature.session.connectorId, feature.session] as const] : [])));
}

/** Starts every feature's watch; returns one stop for them all. */
export function watchFeatures(features: readonly CairnFeature[], ctx: CairnContext): () => void {
  const stops = features.flatMap((feature) => (feature.watch ? [feature.watch(ctx)] : []));
  return () => stops.forEach((stop) => stop());
}
