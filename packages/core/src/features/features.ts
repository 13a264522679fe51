import type { CairnFeature } from './cairnFeature.ts';
import { sendFeature } from './send/sendFeature.ts';
import { swapFeature } from './swap/swapFeature.ts';
import { buyFeature } from './buy/buyFeature.ts';
import { receiveFeature } from './receive/receiveFeature.ts';
import { namesFeature } from './names/namesFeature.ts';
import { activityFeature } from './activity/activityFeature.ts';

/**
 * Every wallet feature, one line each. createCairn, the resets on disconnect and on network
 * change, and the test context are built from this list; React has its own (its views and entry).
 */
export const FEATURES: readonly CairnFeature[] = [
  sendFeature,
  swapFeature,
  buyFeature,
  receiveFeature,
  namesFeature,
  activityFeature,
];
