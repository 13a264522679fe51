import type { CairnFeature } from '../cairnFeature.ts';
import { createAccountNameStore, type AccountNameStore } from './accountNameStore.ts';
import { loadNameFlow } from './loadNameFlow.ts';

declare module '../featureRegistry.ts' {
  interface FeatureStores {
    accountName: AccountNameStore;
  }
  interface FeatureFacades {
    /** Account names (SPEC §2 RegisterAccountName): their own chunk. */
    readonly names: CairnNameActions;
  }
  interface FeatureViews {
    RegisterAccountName: 'names';
    RegisterAccountNameSuccess: 'names';
  }
}

export interface CairnNameActions {
  prefetch(): void;
  /** Sets the label being chosen and checks it (free or not, and suggestions) once typing pauses. */
  setQuery(label: string): void;
  /** Signs and registers `name` (a full name from the store: available or a suggestion) for the active address. */
  register(name: string): Promise<boolean>;
  /** Reads the names the connected address already holds into `stores.accountName.ownNames`. */
  loadOwnNames(): Promise<void>;
}

/** Names: a name on the site's server for the connected address, signed by the wallet (SPEC §2, §5). */
export const namesFeature: CairnFeature = {
  stores: { accountName: createAccountNameStore },
  // SPEC §4: a disconnect forgets the name being chosen.
  resetOnDisconnect: (ctx) => ctx.accountName.reset(),
  facade: {
    names: (ctx) => ({
      prefetch: () => void loadNameFlow().catch(() => undefined),
      setQuery: (label) => {
        if (typeof label !== 'string') throw new TypeError('names.setQuery: `label` must be a string');
        ctx.accountName.setQuery(label);
        void loadNameFlow().then((flow) => flow.scheduleNameSearch(ctx));
      },
      register: (name) => {
        const { available, suggestions } = ctx.accountName.get();
        if (typeof name !== 'string' || (name !== available && !suggestions.includes(name))) {
          return Promise.reject(new TypeError('names.register: `name` must be the available name or one of the suggestions'));
        }
        return loadNameFlow().then((flow) => flow.registerName(ctx, name));
      },
      loadOwnNames: () => loadNameFlow().then((flow) => flow.loadOwnNames(ctx)),
    }),
  },
};
