import type { CairnFeature } from '../cairnFeature.ts';
import type { CairnContext } from '../../context.ts';
import { AUTH_CONNECTOR_ID } from '../embeddedWallet/authConnector.ts';
import { createAccountTypesStore, type AccountType, type AccountTypesStore } from './accountTypesStore.ts';
import { loadAccountTypesFlow } from './loadAccountTypesFlow.ts';

declare module '../featureRegistry.ts' {
  interface FeatureStores {
    accountTypes: AccountTypesStore;
  }
  interface FeatureFacades {
    /** SPEC §3, §6: the embedded wallet's smart account and EOA; the preferred one acts. */
    readonly accountTypes: CairnAccountTypeActions;
  }
}

export interface CairnAccountTypeActions {
  /** Fetches the switch's code on intent, before the click. */
  prefetch(): void;
  /** Switches the embedded wallet between its smart account and its EOA; resolves false with the store's error when it could not. */
  setPreferred(type: AccountType): Promise<boolean>;
}

function keepStoredPreferences(ctx: CairnContext) {
  const stored = ctx.storage.get('preferredAccountTypes');
  if (stored) ctx.accountTypes.set((state) => ({ preferredAccountTypes: { ...state.preferredAccountTypes, ...stored } }));
}

/** Account types: the embedded wallet's smart account where the network enables it, and its EOA (SPEC §3, §4, §6). */
export const accountTypesFeature: CairnFeature = {
  stores: { accountTypes: createAccountTypesStore },
  // SPEC §3: the preferred types are kept across reloads (browser storage).
  setup: (ctx) => keepStoredPreferences(ctx),
  resetOnDisconnect: (ctx) => {
    ctx.accountTypes.reset();
    keepStoredPreferences(ctx);
  },
  // The embedded wallet's account, or another network: read its types again.
  watch: (ctx) => {
    const account = ctx.accounts.get('eip155');
    if (!account || !ctx.embeddedWallet) return () => undefined;
    let seen: string | undefined;
    const follow = () => {
      const { address, connectorId, status } = account.get();
      const key = status === 'connected' && connectorId === AUTH_CONNECTOR_ID ? `${address}@${ctx.network.get().activeCaipNetworkId}` : undefined;
      if (key === seen) return;
      seen = key;
      if (key) void loadAccountTypesFlow().then((flow) => flow.refreshAccountTypes(ctx)).catch(() => undefined);
    };
    const stops = [account.subscribe(follow), ctx.network.subscribe(follow)];
    return () => stops.forEach((stop) => stop());
  },
  facade: {
    accountTypes: (ctx) => ({
      prefetch: () => void loadAccountTypesFlow().catch(() => undefined),
      setPreferred: (type) => {
        if (type !== 'eoa' && type !== 'smartAccount') return Promise.reject(new TypeError("accountTypes.setPreferred: `type` is 'eoa' or 'smartAccount'"));
        return loadAccountTypesFlow().then((flow) => flow.setPreferredAccountType(ctx, type));
      },
    }),
  },
};
