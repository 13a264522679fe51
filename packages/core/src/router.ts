import type { FramePromptKind } from './features/embeddedWallet/framePromptKind.ts';
import { createStore, type Store } from './createStore.ts';
import type { Connector, WalletListItem } from './types.ts';
import type { FeatureViews } from './features/featureRegistry.ts';

// SPEC §2: the modal has no URL routes, only a stack of named views: the core's own, and each
// wallet feature's (features/<name>/).
export type ViewName = CoreViewName | keyof FeatureViews;

/** The views of connecting and the account, which no feature owns. */
export type CoreViewName =
  | 'Connect'
  | 'Account'
  | 'ConnectingExternal';

export interface RouteData {
  connector?: Connector;
  /** CAIP-2 id of the network a SwitchNetwork view is asking the wallet for. */
  network?: string;
  /** The catalogue wallet a WalletConnect view is connecting (its logo, name and deep links). */
  wallet?: WalletListItem;
  /** What the secure frame's screen hosted by ApproveTransaction asks of the visitor. */
  framePrompt?: FramePromptKind;
}

export interface RouteEntry {
  view: ViewName;
  data?: RouteData;
}

export interface RouterState {
  history: readonly RouteEntry[];
}

export interface Router extends Store<RouterState> {
  current(): RouteEntry;
  push(view: ViewName, data?: RouteData): void;
  replace(view: ViewName, data?: RouteData): void;
  /** Returns false when there is nothing to go back to. */
  goBack(): boolean;
  reset(view?: ViewName, data?: RouteData): void;
}

const START: RouteEntry = { view: 'Connect' };

/** Field by field: a view builds its data afresh on each click, so a double click pushes once. */
function sameData(a: RouteData | undefined, b: RouteData | undefined): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]) as Set<keyof RouteData>;
  return [...keys].every((key) => Object.is(a?.[key], b?.[key]));
}

export function createRouter(): Router {
  const store = createStore<RouterState>({ history: [START] });
  const entry = (view: ViewName, data?: RouteData): RouteEntry => (data ? { view, data } : { view });
  return {
    ...store,
    current: () => store.get().history.at(-1) ?? START,
    push(view, data) {
      const top = store.get().history.at(-1);
      if (top?.view === view && sameData(top.data, data)) return;
      store.set((s) => ({ history: [...s.history, entry(view, data)] }));
    },
    replace(view, data) {
      store.set((s) => ({ history: [...s.history.slice(0, -1), entry(view, data)] }));
    },
    goBack() {
      const { history } = store.get();
      if (history.length <= 1) return false;
      store.set({ history: history.slice(0, -1) });
      return true;
    },
    reset(view = 'Connect', data) {
      store.set({ history: [entry(view, data)] });
    },
  };
}
