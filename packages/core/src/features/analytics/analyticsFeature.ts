import type { CairnFeature } from '../cairnFeature.ts';
import { createAnalyticsSender } from './analyticsSender.ts';

/**
 * SPEC §9 `features.analytics` (default on): the events go to the site's own server when it asks
 * for them. Off, or without `api`, no event leaves the page; the site's `onEvent` hears them anyway.
 */
export const analyticsFeature: CairnFeature = {
  watch(ctx) {
    const { api, features } = ctx.options;
    if (!features.analytics || !api) return () => {};
    const sender = createAnalyticsSender(api);
    const unsubscribe = ctx.events.subscribe((event) => sender.track(event));
    return () => {
      unsubscribe();
      sender.stop();
    };
  },
};
