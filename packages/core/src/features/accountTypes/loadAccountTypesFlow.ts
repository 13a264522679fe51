import { lazyModule } from '../../lazyModule.ts';

const flow = lazyModule(() => import('./accountTypesFlow.ts'));

/** The account-type switch's actions (their own chunk: only an embedded wallet needs them). */
export const loadAccountTypesFlow = () => flow.load();
