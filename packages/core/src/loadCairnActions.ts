import type { CairnContext } from './context.ts';
import { lazyModule } from './lazyModule.ts';

export type CairnActions = typeof import('./actions/cairnActions.ts');

const actions = lazyModule(() => import('./actions/cairnActions.ts'));

/** The actions chunk, fetched once; a failed fetch is retried by the next call. */
export const loadCairnActions = (): Promise<CairnActions> => actions.load();

/** The actions chunk if it has arrived, so that work after a connection stays synchronous. */
export const loadedCairnActions = (): CairnActions | undefined => actions.loaded();

const attached = new WeakSet<CairnContext>();

/** The chunk with this instance's server clients made (once, when it first arrives). */
function attach(ctx: CairnContext, loaded: CairnActions): CairnActions {
  if (!attached.has(ctx)) {
    attached.add(ctx);
    loaded.attachServerClients(ctx);
  }
  return loaded;
}

/** Loads the actions chunk for `ctx`: its server clients made on arrival. */
export const loadActionsFor = (ctx: CairnContext): Promise<CairnActions> => loadCairnActions().then((loaded) => attach(ctx, loaded));

/**
 * Runs `run` with the actions chunk: synchronously once it has arrived, so that a click's first
 * state change lands in the same task.
 */
export function withActions<T>(ctx: CairnContext, run: (loaded: CairnActions) => T): Promise<Awaited<T>> {
  const loaded = loadedCairnActions();
  if (!loaded) return loadActionsFor(ctx).then(run) as Promise<Awaited<T>>;
  try {
    return Promise.resolve(run(attach(ctx, loaded)));
  } catch (error) {
    return Promise.reject(error);
  }
}
