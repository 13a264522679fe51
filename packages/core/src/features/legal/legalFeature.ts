import { createStore, type Store } from '../../createStore.ts';
import type { CairnFeature } from '../cairnFeature.ts';

export interface LegalConsentState {
  /** The visitor ticked the legal checkbox (SPEC §9 `features.legalCheckbox`) in this page. */
  accepted: boolean;
}
export type LegalConsentStore = Store<LegalConsentState>;

declare module '../featureRegistry.ts' {
  interface FeatureStores {
    /** The legal checkbox on Connect: ticked or not. */
    legalConsent: LegalConsentStore;
  }
  interface FeatureFacades {
    /** The visitor ticks (or unticks) the legal checkbox; Connect's wallet rows follow it. */
    setLegalConsent(accepted: boolean): void;
  }
}

/** SPEC §9 `features.legalCheckbox`: the visitor accepts the site's terms before picking a wallet. */
export const legalFeature: CairnFeature = {
  stores: { legalConsent: () => createStore<LegalConsentState>({ accepted: false }) },
  facade: {
    setLegalConsent: (ctx) => (accepted) => {
      if (typeof accepted !== 'boolean') throw new TypeError('setLegalConsent: `accepted` must be true or false');
      ctx.legalConsent.set({ accepted });
    },
  },
};
