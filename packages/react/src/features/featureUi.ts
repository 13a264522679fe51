import type { Cairn, RouteData, ViewName } from '@cairn/core';
import type { WalletFeature } from '@cairn/core/rules';
import type { ComponentType } from 'react';

/** What a view is given: its entry's data on the router's stack. */
export interface FeatureViewProps {
  data?: RouteData;
}

export interface FeatureView {
  /** The heading; every dialog is labelled by it. */
  title(data: RouteData | undefined): string;
  /** The view: best a chunk of its own (lazyView), fetched on intent (its button hovered or focused) or when it opens. */
  component: ComponentType<FeatureViewProps> & { preload?(): void };
  /**
   * The views this one usually follows: its chunk is fetched when one of them shows, so the
   * modal's first chunk carries only the first views and the next one is ready before its click.
   */
  follows?: readonly ViewName[];
}

/** A wallet feature as the modal shows it: one folder under features/, one line in features.ts. */
export interface FeatureUi {
  views: Partial<Record<ViewName, FeatureView>>;
  /** Its button among Account's wallet features (SPEC §9 orders them; the site's switch shows it). */
  walletFeature?: {
    feature: WalletFeature;
    label: string;
    view: ViewName;
    /** Fetches the feature's code on intent, before the click. */
    prefetch?(cairn: Cairn): void;
  };
  /** Its row on Account, which decides for itself whether it shows. */
  AccountRow?: ComponentType;
  /** Its controls on Account above Disconnect (the login's e-mail change and export), which decide for themselves whether they show. */
  AccountAction?: ComponentType;
}
