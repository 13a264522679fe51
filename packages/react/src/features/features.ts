import type { CoreViewName, ViewName } from '@cairn/core';
import type { FeatureUi, FeatureView } from './featureUi.ts';
import { sendUi } from './send/sendUi.ts';
import { swapUi } from './swap/swapUi.ts';
import { buyUi } from './buy/buyUi.ts';
import { receiveUi } from './receive/receiveUi.ts';
import { namesUi } from './names/namesUi.ts';
import { activityUi } from './activity/activityUi.ts';
import { siwxUi } from './siwx/siwxUi.ts';
import { walletConnectUi } from './walletConnect/walletConnectUi.ts';
import { catalogueUi } from './catalogue/catalogueUi.ts';
import { networksUi } from './networks/networksUi.ts';
import { embeddedWalletUi } from './embeddedWallet/embeddedWalletUi.ts';
import { accountTypesUi } from './accountTypes/accountTypesUi.ts';

/**
 * Every wallet feature's views and entry, one line each. The view list, the titles and Account's
 * feature buttons and rows are built from it; the core has its own list (its stores and actions).
 */
const TABLE = [
  sendUi,
  swapUi,
  buyUi,
  receiveUi,
  namesUi,
  activityUi,
  siwxUi,
  walletConnectUi,
  catalogueUi,
  networksUi,
  embeddedWalletUi,
  accountTypesUi,
] as const;

export const FEATURE_UI: readonly FeatureUi[] = TABLE;

/** Every feature's views by name. */
export const FEATURE_VIEWS: Partial<Record<ViewName, FeatureView>> = Object.assign({}, ...FEATURE_UI.map((feature) => feature.views));

// Every view the core names is either the modal's own or shown by a feature of this table.
type ViewsOf<Feature> = Feature extends { views: infer Views } ? keyof Views : never;
type FeatureViewName = ViewsOf<(typeof TABLE)[number]>;
type UnshownView = Exclude<ViewName, CoreViewName | FeatureViewName>;
export const EVERY_VIEW_SHOWN: [UnshownView] extends [never] ? true : UnshownView = true;
