import { formatBalance, shortenAddress, type Cairn } from '@cairn/core';
import { createElement, useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { avatarGradient } from '../components/avatarGradient.ts';
import { useCairnInstance } from '../context.ts';
import { useActiveAccount } from '../hooks/useActiveAccount.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { loadModal } from '../modal/loadModal.ts';
import { themeHostCss } from '../theme/themeHostCss.ts';
import { useHostTheme } from '../theme/useHostTheme.ts';
import { CONNECT_BUTTON_CSS } from './connectButtonCss.ts';

export const CONNECT_BUTTON_HOST_TAG = 'cairn-connect-button';
/** The light-DOM place React renders; the shadow host is moved into it. */
const CONNECT_BUTTON_SLOT_TAG = 'cairn-button-slot';
const STYLE = themeHostCss() + CONNECT_BUTTON_CSS;

function createButtonHost(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const host = document.createElement(CONNECT_BUTTON_HOST_TAG);
  host.attachShadow({ mode: 'open' });
  return host;
}

/**
 * Opens the modal. Rendered in its own shadow root so that page CSS (`* { all: unset }`,
 * `button { display: none }`) cannot hide or restyle it. The host and its shadow root exist
 * before the first render, so the button appears in React's first commit, not a second one.
 */
export function ConnectButton() {
  const cairn = useCairnInstance('ConnectButton');
  const [host] = useState(createButtonHost);
  const place = useCallback(
    (slot: HTMLElement | null) => {
      if (slot && host && host.parentNode !== slot) slot.append(host);
    },
    [host],
  );
  useHostTheme(host, cairn);
  if (!host?.shadowRoot) return null;
  return createElement(
    CONNECT_BUTTON_SLOT_TAG,
    { ref: place, style: { display: 'contents' } },
    createPortal(
      <>
        <style>{STYLE}</style>
        <ConnectButtonControl cairn={cairn} />
      </>,
      host.shadowRoot,
    ),
  );
}

const prefetchModal = () => {
  loadModal().catch(() => {
    // retried when the modal opens
  });
};

function ConnectButtonControl({ cairn }: { cairn: Cairn }) {
  const { status } = useStoreState(cairn.stores.connection);
  const { address, balance, balanceSymbol } = useActiveAccount(cairn);
  const busy = status === 'connecting' || status === 'reconnecting';
  // Still operable while busy: a wallet that never answers must not leave the visitor stuck.
  const common = {
    type: 'button' as const,
    className: 'cb',
    onClick: () => cairn.open(),
    onPointerEnter: prefetchModal,
    onFocus: prefetchModal,
  };

  if (busy) {
    const label = status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…';
    return (
      <button {...common} data-state="busy" aria-busy="true">
        <span className="spinner" aria-hidden="true" />
        {label}
      </button>
    );
  }
  if (status === 'connected' && address) {
    const short = shortenAddress(address);
    const balanceText = formatBalance(balance, balanceSymbol);
    return (
      <button {...common} data-state="connected" aria-label={`Account ${short}`}>
        {balanceText && <span className="balance">{balanceText}</span>}
        <span className="address">
          <span className="avatar" style={{ background: avatarGradient(address) }} aria-hidden="true" />
          {short}
        </span>
      </button>
    );
  }
  return (
    <button {...common} data-state="disconnected">
      Connect Wallet
    </button>
  );
}
