/** The pages the bench builds and measures, floor first. */
export const APP_IDS = ['bare', 'cairn', 'cairnFull', 'appkit', 'rainbowkit', 'connectkit'] as const;
export type AppId = (typeof APP_IDS)[number];

export interface BenchApp {
  id: AppId;
  label: string;
  /** Built against the packages in bench/anchors rather than the workspace. */
  anchor: boolean;
}

export const APPS: Record<AppId, BenchApp> = {
  bare: { id: 'bare', label: 'React 19 alone', anchor: false },
  cairn: { id: 'cairn', label: 'Cairn', anchor: false },
  cairnFull: { id: 'cairnFull', label: 'Cairn, every feature on', anchor: false },
  appkit: { id: 'appkit', label: 'Reown AppKit 1.8.24 + wagmi 2', anchor: true },
  rainbowkit: { id: 'rainbowkit', label: 'RainbowKit 2.2.11 + wagmi 2', anchor: true },
  connectkit: { id: 'connectkit', label: 'ConnectKit 1.9.2 + wagmi 2', anchor: true },
};
