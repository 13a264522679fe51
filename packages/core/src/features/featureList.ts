import type { CairnFeature } from './cairnFeature.ts';
import * as table from './features.ts';

/** The features of the table (features.ts). */
export const FEATURES: readonly CairnFeature[] = Object.values(table);
