import { lazyModule } from '../../lazyModule.ts';

const flow = lazyModule(() => import('./sendFlow.ts'));

/** Send's actions (their own chunk). */
export const loadSendFlow = () => flow.load();
export const loadedSendFlow = () => flow.loaded();
