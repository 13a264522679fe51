import type { CairnFeature } from '../cairnFeature.ts';
import type { SendableToken } from '../../rules/send/sendableTokens.ts';
import { createSendStore, type SendStore } from './sendStore.ts';
import { loadedSendFlow, loadSendFlow } from './loadSendFlow.ts';
import type { CurrentSendSummary } from './sendFlow.ts';

declare module '../featureRegistry.ts' {
  interface FeatureStores {
    send: SendStore;
  }
  interface FeatureFacades {
    /** Send (SPEC §5, §8): its own chunk, fetched by `prepare` or `prefetch`. */
    readonly send: CairnSendActions;
  }
  interface FeatureViews {
    Send: 'send';
    SendPreview: 'send';
  }
}

export interface CairnSendActions {
  prefetch(): void;
  /** Gas price, network balance in USD and a first gas estimate. */
  prepare(): Promise<void>;
  setMax(): Promise<void>;
  /** The receiver's name and avatar, once the typed address is valid. */
  lookupReceiver(): Promise<void>;
  /** To the review when the form is complete and covered; else the reason shows. */
  review(): Promise<boolean>;
  /** Asks the wallet; resolves true once it sent. Send then shows how it goes (pending, confirmed, failed). */
  confirm(): Promise<boolean>;
  /** After a send: to Account (SPEC §2). */
  done(): Promise<void>;
  /** After a failed send: the form again, as it was typed. */
  retry(): void;
  /** What Send shows and checks now; undefined until the chunk has loaded. */
  summary(): CurrentSendSummary | undefined;
  /** The token picker's list, native first. */
  tokens(): SendableToken[];
}

/** Send: the form, its review and the wallet's confirmation (SPEC §3, §5). */
export const sendFeature: CairnFeature = {
  stores: { send: createSendStore },
  // SPEC §4: a disconnect or another network clears the form.
  resetOnDisconnect: (ctx) => ctx.send.reset(),
  resetOnNetworkChange: (ctx) => ctx.send.reset(),
  // The form lives while Send is on the stack: Send opened again starts clean.
  watch: (ctx) =>
    ctx.router.subscribe(() => {
      if (!ctx.router.get().history.some((entry) => entry.view === 'Send' || entry.view === 'SendPreview')) ctx.send.reset();
    }),
  facade: {
    send: (ctx) => ({
      prefetch: () => void loadSendFlow().catch(() => undefined),
      prepare: () => loadSendFlow().then((flow) => flow.prepareSend(ctx)),
      setMax: () => loadSendFlow().then((flow) => flow.setSendMax(ctx)),
      lookupReceiver: () => loadSendFlow().then((flow) => flow.lookupReceiver(ctx)),
      review: () => loadSendFlow().then((flow) => flow.reviewSend(ctx)),
      confirm: () => loadSendFlow().then((flow) => flow.confirmSend(ctx)),
      done: () => loadSendFlow().then((flow) => flow.finishSend(ctx)),
      retry: () => ctx.send.set({ outcome: undefined }),
      summary: () => loadedSendFlow()?.currentSendSummary(ctx),
      tokens: () => loadedSendFlow()?.sendTokens(ctx) ?? [],
    }),
  },
};
