'use client';

export { CairnProvider, type CairnProviderProps } from './CairnProvider.tsx';
export { ConnectButton, type ConnectButtonProps } from './button/ConnectButton.tsx';
export { NetworkButton, type NetworkButtonProps } from './button/NetworkButton.tsx';
export type { ConnectButtonRenderProps } from './button/ConnectButtonCustom.tsx';
export { CairnModalRoot } from './modal/CairnModalRoot.tsx';
export { useCairn, type UseCairnReturnType } from './hooks/useCairn.ts';
export { useCairnAccount, type UseCairnAccountReturnType } from './hooks/useCairnAccount.ts';
export { useCairnNetwork, type UseCairnNetworkReturnType } from './hooks/useCairnNetwork.ts';
export { useDisconnect, type UseDisconnectReturnType } from './hooks/useDisconnect.ts';
export { useCairnSession, type UseCairnSessionReturnType } from './hooks/useCairnSession.ts';
export { useCairnEvent } from './hooks/useCairnEvent.ts';
export { useCairnProvider } from './hooks/useCairnProvider.ts';
export { THEME_DEFAULTS, type ResolvedTheme } from './theme/themeDefaults.ts';
export { THEME_PRESETS, type ThemePresetName } from './theme/themePresets.ts';
