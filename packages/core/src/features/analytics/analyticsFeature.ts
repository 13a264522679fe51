import type { CairnEvent } from '../../events.ts';
import { lazyModule } from '../../lazyModule.ts';
import type { CairnFeature } from '../cairnFeature.ts';
import type { AnalyticsSender } from './analyticsSender.ts';

// Its own chunk: the page pays for it when the first event happens, not when it loads.
const senderModule = lazyModule(() => import('./analyticsSender.ts'));

/**
 * SPEC §9 `features.analytics` (default on): the events go to the site's own server when it asks
 * for them. Off, or without `api`, no event leaves the page; the site's `onEvent` hears them anyway.
 */
export const analyticsFeature: CairnFeature = {
  watch(ctx) {
    const { api, features } = ctx.options;
    if (!features.analytics || !api) return () => {};
    let sender: AnalyticsSender | undefined;
    let stopped = false;
    const early: CairnEvent[] = [];
    const unsubscribe = ctx.events.subscribe((event) => {
      if (sender) return sender.track(event);
      early.push(event);
      if (early.length > 1) return;
      senderModule
        .load()
        .then(({ createAnalyticsSender }) => {
          if (stopped) return;
          sender = createAnalyticsSender(api);
          for (const queued of early.splice(0)) sender.track(queued);
        })
        .catch(() => void early.splice(0));
    });
    return () => {
      stopped = true;
      unsubscribe();
      sender?.stop();
    };
  },
};
