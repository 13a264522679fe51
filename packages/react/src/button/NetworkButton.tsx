import { useMemo } from 'react';
import { DEFAULT_BUTTON_OPTIONS, NETWORK_BUTTON_HOST_TAG, type ButtonOptions } from './buttonView.ts';
import { useShadowButton } from './useShadowButton.ts';

export interface NetworkButtonProps {
  size?: 'sm' | 'md' | 'lg';
}

/**
 * The active network; opens the network list. Shows 'Wrong network' when the wallet is on one
 * the site did not ask for, and nothing while no wallet is connected.
 */
export function NetworkButton({ size }: NetworkButtonProps) {
  const options = useMemo((): ButtonOptions => ({ ...DEFAULT_BUTTON_OPTIONS, kind: 'network', size: size === 'sm' || size === 'lg' ? size : 'md' }), [size]);
  return useShadowButton('NetworkButton', NETWORK_BUTTON_HOST_TAG, options, (cairn) => cairn.open({ view: 'Networks' }));
}
