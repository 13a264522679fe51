import { lazyModule } from '../../lazyModule.ts';

const flow = lazyModule(() => import('./swapFlow.ts'));

/** Swap's actions (their own chunk). */
export const loadSwapFlow = () => flow.load();
export const loadedSwapFlow = () => flow.loaded();
