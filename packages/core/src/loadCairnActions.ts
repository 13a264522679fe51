import { lazyModule } from './lazyModule.ts';

export type CairnActions = typeof import('./actions/cairnActions.ts');

const actions = lazyModule(() => import('./actions/cairnActions.ts'));

/** The actions chunk, fetched once; a failed fetch is retried by the next call. */
export const loadCairnActions = (): Promise<CairnActions> => actions.load();

/** The actions chunk if it has arrived, so that work after a connection stays synchronous. */
export const loadedCairnActions = (): CairnActions | undefined => actions.loaded();
