import { lazyModule } from '../../lazyModule.ts';

const flow = lazyModule(() => import('./historyFlow.ts'));

/** Activity's actions (their own chunk). */
export const loadHistoryFlow = () => flow.load();
