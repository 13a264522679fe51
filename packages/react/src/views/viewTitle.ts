import type { CoreViewName, RouteData, RouteEntry } from '@cairn/core';
import { FEATURE_VIEWS } from '../features/features.ts';
import { msg } from '../i18n/useT.ts';

// The heading of each view; every dialog is labelled by it. The wallet features' are in their
// folders (features/features.ts).
const CORE_TITLES: Record<CoreViewName, (data: RouteData | undefined) => string> = {
  Connect: () => msg('common.connectWallet'),
  ConnectingExternal: (data) => data?.connector?.name ?? msg('common.connecting'),
  Account: () => msg('common.account'),
};

export function viewTitle(entry: RouteEntry): string {
  const title = entry.view in CORE_TITLES ? CORE_TITLES[entry.view as CoreViewName] : FEATURE_VIEWS[entry.view]?.title;
  return title?.(entry.data) ?? '';
}
