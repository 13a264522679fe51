import type { ViewName } from '@cairn/core';
import { FEATURE_VIEWS } from './features.ts';

/** The views that usually follow `view` (their `follows` names it). */
export function viewsFollowing(view: ViewName): ViewName[] {
  return (Object.keys(FEATURE_VIEWS) as ViewName[]).filter((name) => FEATURE_VIEWS[name]?.follows?.includes(view));
}

/** Fetches the chunks of the views that usually follow `view`, once it shows. */
export function preloadViewsFollowing(view: ViewName): void {
  for (const name of viewsFollowing(view)) FEATURE_VIEWS[name]?.component.preload?.();
}
