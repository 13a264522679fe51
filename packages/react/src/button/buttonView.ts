import { type Cairn } from '@cairn/core';
import { formatBalance, shortenAddress } from '@cairn/core/internal';
import { avatarGradient } from '../components/avatarGradient.ts';
import { themeHostCss } from '../theme/themeHostCss.ts';
import { CONNECT_BUTTON_CSS } from './connectButtonCss.ts';

export const CONNECT_BUTTON_HOST_TAG = 'cairn-connect-button';
const STYLE = themeHostCss() + CONNECT_BUTTON_CSS;

/** What the button shows, read from the stores. */
export interface ButtonState {
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected';
  address?: string;
  /** "1.25 ETH", or empty while unknown. */
  balanceText: string;
}

export function readButtonState(cairn: Cairn): ButtonState {
  const { status } = cairn.stores.connection.get();
  const { address, balance, balanceSymbol } = cairn.stores.account().get();
  return { status, ...(address ? { address } : {}), balanceText: formatBalance(balance, balanceSymbol) };
}

export interface ButtonView {
  /** The shadow host; the page's CSS cannot reach the button inside. */
  readonly host: HTMLElement;
  show(state: ButtonState): void;
}

const span = (className: string, text?: string) => {
  const element = document.createElement('span');
  element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
};

/**
 * The connect button as plain DOM in its own shadow root, so that page CSS (`* { all: unset }`,
 * `button { display: none }`) cannot hide or restyle it. Written without React on purpose: a
 * React portal into a shadow root registers React's whole event system on it and renders in a
 * second pass, which made the button appear ~25 ms later on a 4x-throttled phone profile
 * (bench/). One <button> is kept for the element's life, so focus survives state changes.
 */
export function createButtonView(actions: { press(): void; warm(): void }): ButtonView {
  const host = document.createElement(CONNECT_BUTTON_HOST_TAG);
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cb';
  // Still operable while busy: a wallet that never answers must not leave the visitor stuck.
  button.addEventListener('click', () => actions.press());
  button.addEventListener('pointerenter', () => actions.warm());
  button.addEventListener('focus', () => actions.warm());
  root.append(style, button);

  let shown = '';
  const show = (state: ButtonState) => {
    const key = JSON.stringify(state);
    if (key === shown) return;
    shown = key;
    if (state.status === 'connecting' || state.status === 'reconnecting') {
      button.dataset.state = 'busy';
      button.setAttribute('aria-busy', 'true');
      button.removeAttribute('aria-label');
      const spinner = span('spinner');
      spinner.setAttribute('aria-hidden', 'true');
      button.replaceChildren(spinner, state.status === 'reconnecting' ? 'Reconnecting…' : 'Connecting…');
    } else if (state.status === 'connected' && state.address) {
      const short = shortenAddress(state.address);
      button.dataset.state = 'connected';
      button.removeAttribute('aria-busy');
      // The name comes from the visible text (WCAG 2.5.3): "Account", the address, the balance.
      // The balance shows first but is read last, after what identifies the account.
      button.removeAttribute('aria-label');
      const avatar = span('avatar');
      avatar.setAttribute('aria-hidden', 'true');
      avatar.style.background = avatarGradient(state.address);
      const address = span('address');
      address.append(avatar, short);
      button.replaceChildren(span('sr-only', 'Account '), address, ...(state.balanceText ? [span('balance', ` ${state.balanceText}`)] : []));
    } else {
      button.dataset.state = 'disconnected';
      button.removeAttribute('aria-busy');
      button.removeAttribute('aria-label');
      button.replaceChildren('Connect Wallet');
    }
  };
  return { host, show };
}

/** Keeps the view in step with the stores (the active namespace's account included); returns the unsubscribe. */
export function bindButtonView(view: ButtonView, cairn: Cairn): () => void {
  const { connection, network } = cairn.stores;
  const refresh = () => view.show(readButtonState(cairn));
  let unsubscribeAccount = cairn.stores.account().subscribe(refresh);
  const unsubscribeConnection = connection.subscribe(refresh);
  const unsubscribeNetwork = network.subscribe(() => {
    unsubscribeAccount();
    unsubscribeAccount = cairn.stores.account().subscribe(refresh);
    refresh();
  });
  refresh(); // whatever changed between the first render and now
  return () => {
    unsubscribeAccount();
    unsubscribeConnection();
    unsubscribeNetwork();
  };
}
