import { lazyModule } from '../../lazyModule.ts';

const flow = lazyModule(() => import('./nameFlow.ts'));

/** Account names' actions (their own chunk). */
export const loadNameFlow = () => flow.load();
