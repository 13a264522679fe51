import { type Cairn } from '@cairn/core';
import { accountDisplayName, findNetwork, formatBalance } from '@cairn/core/rules';
import { avatarGradient } from '../components/avatarGradient.ts';
import { themeHostCss } from '../theme/themeHostCss.ts';
import { CONNECT_BUTTON_CSS } from './connectButtonCss.ts';

export const CONNECT_BUTTON_HOST_TAG = 'cairn-connect-button';
export const NETWORK_BUTTON_HOST_TAG = 'cairn-network-host';

let sharedSheet: CSSStyleSheet | undefined;

/**
 * The buttons' styles in a shadow root: one constructed stylesheet for every button of the page,
 * parsed once at the first button and adopted by each root after it; a `<style>` where the browser
 * has no constructed stylesheets. Built at the first button, not when the module loads.
 */
function installButtonStyles(root: ShadowRoot): void {
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    if (!sharedSheet) {
      sharedSheet = new CSSStyleSheet();
      sharedSheet.replaceSync(themeHostCss() + CONNECT_BUTTON_CSS);
    }
    root.adoptedStyleSheets = [sharedSheet];
    return;
  }
  const style = document.createElement('style');
  style.textContent = themeHostCss() + CONNECT_BUTTON_CSS;
  root.append(style);
}

/** What the button shows, read from the stores. */
export interface ButtonState {
  status: 'disconnected' | 'connecting' | 'reconnecting' | 'connected';
  address?: string;
  /** How the account is shown: its name, or its shortened address (core's identity rule). */
  name?: string;
  /** "1.25 ETH", or empty while unknown. */
  balanceText: string;
  /** The active network's name; undefined when the wallet is on one the site did not ask for. */
  networkName?: string;
}

export function readButtonState(cairn: Cairn): ButtonState {
  const { status } = cairn.stores.connection.get();
  const { address, balance, balanceSymbol, profileName } = cairn.stores.account().get();
  const networkName = findNetwork(cairn.stores.network.get())?.name;
  return { status, ...(address ? { address, name: accountDisplayName({ address, profileName }) } : {}), balanceText: formatBalance(balance, balanceSymbol), ...(networkName ? { networkName } : {}) };
}

/** What the site chose for its button (ConnectButton's props). */
export interface ButtonOptions {
  /** The account button (ConnectButton), or the network button (NetworkButton: hidden while disconnected). */
  kind: 'account' | 'network';
  /** The text while disconnected. Default 'Connect Wallet'. */
  label: string;
  size: 'sm' | 'md' | 'lg';
  /** When the balance shows beside the address: always, never, or on large screens only (default). */
  balance: 'always' | 'never' | 'largeScreen' | 'smallScreen';
  /** A network chip in the connected button ('Wrong network' on one the site did not ask for). */
  showNetwork: boolean;
}

export const DEFAULT_BUTTON_OPTIONS: ButtonOptions = { kind: 'account', label: 'Connect Wallet', size: 'md', balance: 'largeScreen', showNetwork: false };

export interface ButtonView {
  /** The shadow host; the page's CSS cannot reach the button inside. */
  readonly host: HTMLElement;
  show(state: ButtonState): void;
  configure(options: ButtonOptions): void;
  /** The active language's texts (the modal's translate function). */
  translate(t: (text: string) => string): void;
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
export function createButtonView(actions: { press(): void; warm(): void }, tag: string = CONNECT_BUTTON_HOST_TAG): ButtonView {
  const host = document.createElement(tag);
  const root = host.attachShadow({ mode: 'open' });
  installButtonStyles(root);
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'cb';
  // Still operable while busy: a wallet that never answers must not leave the visitor stuck.
  button.addEventListener('click', () => actions.press());
  button.addEventListener('pointerenter', () => actions.warm());
  button.addEventListener('focus', () => actions.warm());
  root.append(button);

  let shown = '';
  let lastState: ButtonState | undefined;
  let options = DEFAULT_BUTTON_OPTIONS;
  let t = (text: string) => text;
  let language = 0;
  const show = (state: ButtonState) => {
    lastState = state;
    const key = JSON.stringify([state, options, language]);
    if (key === shown) return;
    shown = key;
    button.dataset.size = options.size;
    button.dataset.balance = options.balance;
    button.dataset.kind = options.kind;
    // What the styles need to know of the content (in place of `:has()`, see connectButtonCss.ts).
    const connected = options.kind === 'account' && state.status === 'connected' && state.address !== undefined;
    button.toggleAttribute('data-with-balance', connected && state.balanceText !== '');
    button.toggleAttribute('data-with-network', connected && options.showNetwork);
    if (options.kind === 'network') {
      showNetwork(state);
      return;
    }
    // Issue 29: each state's content is a function of its own, so the first paint compiles only
    // the one it shows (V8 compiles a function whole on its first call).
    if (state.status === 'connecting' || state.status === 'reconnecting') showBusy(state.status);
    else if (state.status === 'connected' && state.address) showAccount(state, state.address);
    else showLabel();
  };
  const showLabel = () => {
    button.dataset.state = 'disconnected';
    button.removeAttribute('aria-busy');
    button.removeAttribute('aria-label');
    // The site's own label stays as it wrote it; the default is translated.
    button.replaceChildren(options.label === DEFAULT_BUTTON_OPTIONS.label ? t(options.label) : options.label);
  };
  const showBusy = (status: 'connecting' | 'reconnecting') => {
    button.dataset.state = 'busy';
    button.setAttribute('aria-busy', 'true');
    button.removeAttribute('aria-label');
    const spinner = span('spinner');
    spinner.setAttribute('aria-hidden', 'true');
    button.replaceChildren(spinner, status === 'reconnecting' ? t('button.reconnecting') : t('button.connecting'));
  };
  const showAccount = (state: ButtonState, accountAddress: string) => {
    button.dataset.state = 'connected';
    button.removeAttribute('aria-busy');
    // The name comes from the visible text (WCAG 2.5.3): "Account", the account's name or address, the balance.
    // The balance shows first but is read last, after what identifies the account.
    button.removeAttribute('aria-label');
    const avatar = span('avatar');
    avatar.setAttribute('aria-hidden', 'true');
    avatar.style.background = avatarGradient(accountAddress);
    const address = span('address');
    address.append(avatar, state.name ?? accountAddress);
    const network = options.showNetwork ? [span('network', ` ${state.networkName ?? t('button.wrongNetwork')}`)] : [];
    if (options.showNetwork && !state.networkName) network[0]!.dataset.unsupported = '';
    button.replaceChildren(span('sr-only', `${t('common.account')} `), address, ...(state.balanceText ? [span('balance', ` ${state.balanceText}`)] : []), ...network);
  };
  // The network button: the active network, 'Wrong network' on one the site did not ask for;
  // nothing while no wallet is connected.
  const showNetwork = (state: ButtonState) => {
    const connected = state.status === 'connected' && state.address !== undefined;
    host.hidden = !connected;
    button.removeAttribute('aria-busy');
    button.dataset.state = 'connected';
    const name = span('network-name', state.networkName ?? t('button.wrongNetwork'));
    if (!state.networkName) name.dataset.unsupported = '';
    button.replaceChildren(span('sr-only', `${t('common.network')}: `), name);
  };
  const configure = (next: ButtonOptions) => {
    options = next;
    if (lastState) show(lastState);
  };
  const translate = (next: (text: string) => string) => {
    t = next;
    language += 1;
    if (lastState) show(lastState);
  };
  return { host, show, configure, translate };
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
