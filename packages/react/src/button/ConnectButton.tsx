import { useMemo } from 'react';
import { CONNECT_BUTTON_HOST_TAG } from './buttonView.ts';
import { buttonOptionsFrom, type ConnectButtonProps } from './buttonOptions.ts';
import { ConnectButtonCustom } from './ConnectButtonCustom.tsx';
import { useShadowButton } from './useShadowButton.ts';

export type { ConnectButtonProps } from './buttonOptions.ts';
export { CONNECT_BUTTON_HOST_TAG } from './buttonView.ts';

/** Opens the modal: Connect while disconnected, Account once connected. */
function ConnectButtonBase(props: ConnectButtonProps) {
  // Read again only when a prop's value changes, so a bad one is reported once, not per render.
  const propsKey = JSON.stringify([props.label, props.size, props.showBalance, props.showNetwork]);
  const options = useMemo(() => buttonOptionsFrom(props), [propsKey]);
  return useShadowButton('ConnectButton', CONNECT_BUTTON_HOST_TAG, options, (cairn) => cairn.open());
}

/** The connect button; `ConnectButton.Custom` renders the site's own button instead. */
export const ConnectButton = Object.assign(ConnectButtonBase, { Custom: ConnectButtonCustom });
