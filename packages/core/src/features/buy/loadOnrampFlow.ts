import { lazyModule } from '../../lazyModule.ts';

const flow = lazyModule(() => import('./onrampFlow.ts'));

/** Buy's actions (their own chunk). */
export const loadOnrampFlow = () => flow.load();
export const loadedOnrampFlow = () => flow.loaded();
