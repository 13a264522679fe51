import type { CairnEventListener } from './events.ts';
import type { StorageLike } from './storage.ts';
import { isSiwxBackend, SIWX_BACKEND_METHODS, type SiwxBackend } from './siwx/siwxBackend.ts';
import { COOKIE_KEYS, type CairnInitialState } from './cookieStorage.ts';
import { storedValueParsers } from './storageValues.ts';
import { readThemeMode, readThemeVariables, type PaletteVariables, type ThemeMode, type ThemeVariablesInput } from './theme.ts';
import { ofNamespace } from './namespaces.ts';
import type { CaipNetwork, ChainAdapter } from './types.ts';
import { isCaipNetworkId } from './caip.ts';
import type { ApiConfig } from './api/apiConfig.ts';
import { withServerRpc } from './api/serverRpc.ts';
import { isWalletConnectPlugin, type WalletConnectPlugin } from './features/walletConnect/walletConnectPlugin.ts';
import { isEmbeddedWalletPlugin, type EmbeddedWalletPlugin } from './features/embeddedWallet/embeddedWalletPlugin.ts';
import { readCustomWallets, type CustomWallet, type CustomWalletEntry } from './connect/customWallets.ts';

export interface CairnMetadata {
  name: string;
  description?: string;
  url?: string;
  icons?: readonly string[];
}

/** Sign in with the wallet (EIP-4361) after connecting; needs `api` (the server verifies it). */
export interface SiwxOptions {
  /** The visitor must sign in: cancelling disconnects and the modal cannot be closed before. */
  required?: boolean;
  statement?: string;
  /** How long a session lasts; the message's Expiration Time. Default 7 days. */
  expirationSeconds?: number;
  /** Defaults to the page's host and origin. */
  domain?: string;
  uri?: string;
  /**
   * The Cairn server is on another site than the page, so the browser does not send it its
   * session cookie: the widget asks for the session token and keeps it in this tab's
   * sessionStorage (never localStorage), sending it as a bearer token. Default false: the
   * server's HttpOnly cookie is the session, and no script of the page can read it.
   */
  crossSite?: boolean;
  /**
   * Verify sign-ins on the site's own backend (NextAuth, its own API) instead of Cairn's server:
   * getNonce, verify, getSession, signOut, and optionally createMessage. Without it, `api` (Cairn's
   * server) verifies them.
   */
  backend?: SiwxBackend;
}

export interface CairnFeatures {
  /** Let the visitor switch networks from the modal (default true). */
  networkSwitching?: boolean;
  /** SPEC §9: the "All wallets" catalogue, from the site's Cairn server (default true). */
  allWallets?: boolean;
  /** SPEC §9 wallet features, shown on Account in the order onramp, swaps, receive, send (default true). */
  onramp?: boolean;
  swaps?: boolean;
  receive?: boolean;
  send?: boolean;
  /** E-mail login (default true). */
  email?: boolean;
  /** Social login providers, in the order shown (default all of SOCIAL_PROVIDERS). */
  socials?: readonly SocialProvider[];
  /** Transaction history on Account (default true). */
  history?: boolean;
  /**
   * The analytics events (SPEC §8) go to the site's own Cairn server (`api`) when it asks for
   * them (GET /getAnalyticsConfig); off, no event leaves the page (`onEvent` still hears them).
   * Default true.
   */
  analytics?: boolean;
  /**
   * Connect shows a checkbox accepting the site's `termsConditionsUrl` / `privacyPolicyUrl`; the
   * wallet rows stay disabled until it is ticked (default false).
   */
  legalCheckbox?: boolean;
  /** The permissions flow may ask the wallet for smart sessions (wallet_grantPermissions); read it as `cairn.options.features.smartSessions` (default false). */
  smartSessions?: boolean;
  /** With e-mail or social login offered, Connect shows one "Continue with a wallet" row in place of the wallet rows (default false). */
  collapseWallets?: boolean;
}

/** SPEC §9: the social login providers, in their default order. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

type FeatureSwitch = Exclude<keyof CairnFeatures, 'socials'>;

/** SPEC §9: every switch's default. */
export const FEATURE_DEFAULTS: Readonly<Record<FeatureSwitch, boolean>> = {
  networkSwitching: true,
  allWallets: true,
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  history: true,
  analytics: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
};

/** Every switch at its default: what a site that passes no `features` gets. */
const defaultFeatures = (): Required<CairnFeatures> => ({ ...FEATURE_DEFAULTS, socials: [...SOCIAL_PROVIDERS] });

function readFeatures(features: CairnFeatures | undefined): Required<CairnFeatures> {
  if (features !== undefined && (typeof features !== 'object' || features === null)) {
    throw new TypeError('createCairn: `features` must be an object');
  }
  const given = (features ?? {}) as Record<string, unknown>;
  const switches = { ...FEATURE_DEFAULTS };
  for (const name of Object.keys(FEATURE_DEFAULTS) as FeatureSwitch[]) {
    const value = given[name];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw new TypeError(`createCairn: \`features.${name}\` must be true or false`);
    switches[name] = value;
  }
  return { ...switches, socials: readSocials(given.socials) };
}

function readSocials(value: unknown): readonly SocialProvider[] {
  if (value === undefined) return [...SOCIAL_PROVIDERS];
  if (!Array.isArray(value)) throw new TypeError('createCairn: `features.socials` must be a list of social providers');
  for (const provider of value) {
    if (!(SOCIAL_PROVIDERS as readonly unknown[]).includes(provider)) {
      throw new TypeError(`createCairn: \`features.socials\` has an unknown provider ${String(provider)} (known: ${SOCIAL_PROVIDERS.join(', ')})`);
    }
  }
  return [...(value as SocialProvider[])];
}

export interface CairnOptions {
  networks: readonly [CaipNetwork, ...CaipNetwork[]];
  adapters: readonly ChainAdapter[];
  metadata?: CairnMetadata;
  defaultNetwork?: CaipNetwork;
  /** Keep the visitor on a network the site did not list instead of asking to switch (default false). */
  allowUnsupportedChain?: boolean;
  features?: CairnFeatures;
  themeMode?: ThemeMode;
  /**
   * A returning visitor's connection as the server read it from cookies (`cookieToInitialState`
   * with `storage: cookieStorage()`): rendered as reconnecting from the first render, on the
   * server and on the client alike.
   */
  initialState?: CairnInitialState;
  /** `--cairn-*` overrides for both palettes, or per palette: `{ light, dark }` (a preset is one). */
  themeVariables?: ThemeVariablesInput;
  /** Receives every analytics event; without it, events stay inside the page. */
  onEvent?: CairnEventListener;
  /** Where the widget persists its state; `localStorage` by default. */
  storage?: StorageLike;
  /**
   * The site's own Cairn server (balances with USD prices, names, history). Without it the widget
   * reads native balances from the networks' RPC URLs and shows no prices or names.
   */
  api?: ApiConfig;
  siwx?: SiwxOptions;
  /**
   * Phone and desktop wallets by QR code or deep link: `walletConnect({ projectId })` from
   * @cairn/walletconnect. Without it, WalletConnect's code is never downloaded.
   */
  walletConnect?: WalletConnectPlugin;
  /**
   * E-mail and social login with a wallet held in a secure frame on its own origin:
   * `embeddedWallet({ frameUrl })` from @cairn/frame. Without it, Connect shows neither, and the
   * frame's code is never downloaded. The `email` and `socials` features pick what Connect offers.
   */
  embeddedWallet?: EmbeddedWalletPlugin;
  /**
   * The modal's language as a BCP 47 tag ('de', 'pt-BR', 'ar', ...); by default the browser's.
   * English, Spanish, German, French, Japanese, Chinese (simplified), Korean, Portuguese (Brazil),
   * Turkish, Russian and Arabic are built in; another falls back to English.
   */
  locale?: string;
  /**
   * Networks Swap is offered on besides SPEC §9's list (CAIP-2 ids), e.g. a chain whose Cairn server
   * has a router configured (AMM_ROUTER_ADDRESS_<chainId>).
   */
  swapNetworks?: readonly string[];
  /**
   * The site's own wallets, listed on Connect after the featured ones (SPEC §9 "custom"): picked,
   * each connects as a catalogue wallet does (its extension if installed, else WalletConnect's QR
   * code and its deep links). Needs `walletConnect`.
   */
  customWallets?: readonly CustomWallet[];
  /** The site's terms, linked from the legal checkbox (`features.legalCheckbox`). */
  termsConditionsUrl?: string;
  /** The site's privacy policy, linked from the legal checkbox. */
  privacyPolicyUrl?: string;
  /** Catalogue wallet ids shown first, in this order (SPEC §9 "featured"). */
  featuredWalletIds?: readonly string[];
  /** Only these catalogue wallets are offered. */
  includeWalletIds?: readonly string[];
  /** These catalogue wallets are never offered. */
  excludeWalletIds?: readonly string[];
}

export interface ResolvedOptions
  extends Required<
    Omit<
      CairnOptions,
      'onEvent' | 'storage' | 'metadata' | 'api' | 'siwx' | 'walletConnect' | 'embeddedWallet' | 'themeVariables' | 'initialState' | 'locale' | 'customWallets' | 'termsConditionsUrl' | 'privacyPolicyUrl'
    >
  > {
  customWallets: readonly CustomWalletEntry[];
  termsConditionsUrl?: string;
  privacyPolicyUrl?: string;
  /** Canonical BCP 47; absent: the browser's language. */
  locale?: string;
  initialState?: CairnInitialState;
  /** As created; `cairn.stores.theme` holds the current theme after setThemeMode / setThemeVariables. */
  themeVariables: PaletteVariables;
  metadata?: CairnMetadata;
  api?: ApiConfig;
  siwx?: SiwxOptions;
  /** The site's plugin, with the metadata the wallet is shown. */
  walletConnect?: WalletConnectPlugin & { metadata: CairnMetadata };
  embeddedWallet?: EmbeddedWalletPlugin;
  onEvent?: CairnEventListener;
  storage?: StorageLike;
  features: Required<CairnFeatures>;
}

/** Rejects a configuration mistake at createCairn time, with a message that names the option. */
export function resolveOptions(options: CairnOptions): ResolvedOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('createCairn: options must be an object');
  const { networks, adapters } = options;
  if (!Array.isArray(networks) || networks.length === 0) {
    throw new TypeError('createCairn: `networks` must list at least one network');
  }
  const seen = new Set<string>();
  for (const network of networks) {
    if (!network || typeof network.caipNetworkId !== 'string' || !isCaipNetworkId(network.caipNetworkId)) {
      throw new TypeError('createCairn: every network needs a CAIP-2 `caipNetworkId` such as "eip155:1"');
    }
    if (seen.has(network.caipNetworkId)) {
      throw new TypeError(`createCairn: network ${network.caipNetworkId} is listed twice`);
    }
    seen.add(network.caipNetworkId);
  }
  if (!Array.isArray(adapters) || adapters.length === 0) {
    throw new TypeError('createCairn: `adapters` must list at least one chain adapter');
  }
  for (const network of networks) {
    if (!adapters.some((adapter) => adapter.namespace === network.chainNamespace)) {
      throw new TypeError(`createCairn: no adapter for ${network.caipNetworkId} (namespace ${network.chainNamespace})`);
    }
  }
  const themeMode = options.themeMode == null ? 'system' : readThemeMode('createCairn: `themeMode`', options.themeMode);
  const themeVariables = options.themeVariables === undefined ? { light: {}, dark: {} } : readThemeVariables('createCairn: `themeVariables`', options.themeVariables);
  // Issue 29: each optional option's check is a function of its own, called only when the option
  // is given, so that the first paint compiles the checks of what the site passed, not of every option.
  if (options.api !== undefined) checkApi(options.api);
  if (options.siwx !== undefined) checkSiwx(options.siwx, options.api);
  const walletIdLists = {
    featuredWalletIds: options.featuredWalletIds === undefined ? [] : readWalletIds(options.featuredWalletIds, 'featuredWalletIds'),
    includeWalletIds: options.includeWalletIds === undefined ? [] : readWalletIds(options.includeWalletIds, 'includeWalletIds'),
    excludeWalletIds: options.excludeWalletIds === undefined ? [] : readWalletIds(options.excludeWalletIds, 'excludeWalletIds'),
  };
  const walletConnect = readWalletConnect(options);
  const customWallets = options.customWallets === undefined ? [] : readCustomWallets(options.customWallets);
  if (customWallets.length > 0 && !walletConnect) {
    throw new TypeError('createCairn: `customWallets` connect over WalletConnect when not installed: pass `walletConnect: walletConnect({ projectId })` too');
  }
  const features = options.features === undefined ? defaultFeatures() : readFeatures(options.features);
  const legalUrls = options.termsConditionsUrl === undefined && options.privacyPolicyUrl === undefined && !features.legalCheckbox ? {} : readLegalUrls(options, features.legalCheckbox);
  if (options.embeddedWallet !== undefined) checkEmbeddedWallet(options.embeddedWallet, adapters);
  const defaultNetworkId = (options.defaultNetwork ?? networks[0]).caipNetworkId;
  if (!seen.has(defaultNetworkId)) {
    throw new TypeError('createCairn: `defaultNetwork` must be one of `networks`');
  }
  const readNetwork = (network: CaipNetwork) => {
    const read = withServerRpc(network, options.api);
    if (!read) throw new TypeError(`createCairn: network ${network.caipNetworkId} has no RPC URL: give it an rpcUrl, or set \`api\` (your Cairn server is its RPC)`);
    return read;
  };
  const readNetworks: CairnOptions['networks'] = [readNetwork(networks[0]), ...networks.slice(1).map(readNetwork)];
  return {
    networks: readNetworks,
    adapters,
    metadata: options.metadata,
    defaultNetwork: readNetworks.find((network) => network.caipNetworkId === defaultNetworkId)!,
    allowUnsupportedChain: options.allowUnsupportedChain ?? false,
    features,
    customWallets,
    ...legalUrls,
    swapNetworks: options.swapNetworks === undefined ? [] : readSwapNetworks(options.swapNetworks),
    ...(options.locale !== undefined ? { locale: readLocale(options.locale) } : {}),
    themeMode,
    themeVariables,
    onEvent: options.onEvent,
    storage: options.storage,
    ...(options.api ? { api: { url: options.api.url, projectId: options.api.projectId } } : {}),
    ...(options.siwx ? { siwx: { ...options.siwx } } : {}),
    ...(options.initialState !== undefined ? { initialState: readInitialState(options.initialState) } : {}),
    ...walletIdLists,
    ...(walletConnect ? { walletConnect } : {}),
    ...(options.embeddedWallet ? { embeddedWallet: options.embeddedWallet } : {}),
  };
}

function checkApi(api: ApiConfig): void {
  const { url, projectId } = api ?? {};
  if (typeof url !== 'string' || !/^https?:\/\/[^\s]+$/.test(url)) {
    throw new TypeError('createCairn: `api.url` must be the http(s) URL of your Cairn server');
  }
  if (typeof projectId !== 'string' || !/^[\w.-]{1,128}$/.test(projectId)) {
    throw new TypeError('createCairn: `api.projectId` must be the project id your Cairn server accepts');
  }
}

function checkSiwx(siwx: SiwxOptions, api: ApiConfig | undefined): void {
  if (typeof siwx !== 'object' || siwx === null) throw new TypeError('createCairn: `siwx` must be an object');
  const { expirationSeconds, statement, crossSite, backend } = siwx;
  if (backend !== undefined && !isSiwxBackend(backend)) {
    throw new TypeError(`createCairn: \`siwx.backend\` must have the functions ${SIWX_BACKEND_METHODS.join(', ')} (and optionally createMessage)`);
  }
  if (!api && !backend) throw new TypeError('createCairn: `siwx` needs `api` (the Cairn server that verifies sign-ins) or `siwx.backend` (your own)');
  if (crossSite !== undefined && typeof crossSite !== 'boolean') throw new TypeError('createCairn: `siwx.crossSite` must be true or false');
  if (expirationSeconds !== undefined && !(Number.isInteger(expirationSeconds) && expirationSeconds > 0)) {
    throw new TypeError('createCairn: `siwx.expirationSeconds` must be a positive whole number of seconds');
  }
  if (statement !== undefined && (typeof statement !== 'string' || /[\r\n]/.test(statement))) {
    throw new TypeError('createCairn: `siwx.statement` must be one line of text');
  }
}

function checkEmbeddedWallet(embeddedWallet: unknown, adapters: readonly ChainAdapter[]): void {
  if (!isEmbeddedWalletPlugin(embeddedWallet)) {
    throw new TypeError('createCairn: `embeddedWallet` must be made by embeddedWallet({ frameUrl }) from @cairn/frame');
  }
  if (!ofNamespace(adapters, 'eip155').some((adapter) => adapter.setRemoteProvider)) {
    throw new TypeError('createCairn: `embeddedWallet` needs the EVM adapter (the frame holds an EVM wallet)');
  }
}

function readLocale(value: unknown): string {
  try {
    if (typeof value !== 'string') throw new TypeError();
    const [canonical] = Intl.getCanonicalLocales(value);
    if (!canonical) throw new TypeError();
    return canonical;
  } catch {
    throw new TypeError(`createCairn: \`locale\` must be a BCP 47 language tag such as "de" or "pt-BR", got ${JSON.stringify(value)}`);
  }
}

function readLegalUrls(options: CairnOptions, legalCheckbox: boolean): Pick<ResolvedOptions, 'termsConditionsUrl' | 'privacyPolicyUrl'> {
  const urls: Pick<ResolvedOptions, 'termsConditionsUrl' | 'privacyPolicyUrl'> = {};
  for (const name of ['termsConditionsUrl', 'privacyPolicyUrl'] as const) {
    const value: unknown = options[name];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !/^https?:\/\/[^\s"'<>]+$/.test(value)) throw new TypeError(`createCairn: \`${name}\` must be an http(s) URL`);
    urls[name] = value;
  }
  if (legalCheckbox && !urls.termsConditionsUrl && !urls.privacyPolicyUrl) {
    throw new TypeError('createCairn: `features.legalCheckbox` needs `termsConditionsUrl` or `privacyPolicyUrl` (the checkbox links them)');
  }
  return urls;
}

function readSwapNetworks(value: unknown): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string' && /^eip155:[1-9]\d{0,15}$/.test(id))) {
    throw new TypeError('createCairn: `swapNetworks` must be a list of eip155 CAIP-2 ids such as "eip155:31337"');
  }
  return [...value];
}

function readWalletIds(value: unknown, name: string): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((id) => typeof id === 'string' && /^[\w.:-]{1,200}$/.test(id))) {
    throw new TypeError(`createCairn: \`${name}\` must be a list of wallet ids`);
  }
  return [...value];
}

function readWalletConnect(options: CairnOptions): ResolvedOptions['walletConnect'] {
  if ('projectId' in options) {
    throw new TypeError(
      'createCairn: the top-level `projectId` is gone: pass `walletConnect: walletConnect({ projectId })` from @cairn/walletconnect (your Cairn server\'s project stays `api.projectId`)',
    );
  }
  const { walletConnect } = options;
  if (walletConnect === undefined) return undefined;
  if (!isWalletConnectPlugin(walletConnect)) {
    throw new TypeError('createCairn: `walletConnect` must be the value of walletConnect({ projectId }) from @cairn/walletconnect');
  }
  const metadata = walletConnect.metadata ?? options.metadata;
  if (!metadata || typeof metadata.name !== 'string' || metadata.name.length === 0) {
    throw new TypeError('createCairn: WalletConnect needs `metadata.name` (or walletConnect({ metadata })), shown in the wallet');
  }
  return { ...walletConnect, metadata };
}

/** Every value of an initial state is checked like a stored one; a bad one is a mistake to name. */
function readInitialState(state: unknown): CairnInitialState {
  if (typeof state !== 'object' || state === null) throw new TypeError('createCairn: `initialState` must be the value of cookieToInitialState()');
  const checked: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(state)) {
    if (!(COOKIE_KEYS as readonly string[]).includes(key)) throw new TypeError(`createCairn: \`initialState.${key}\` is not something Cairn keeps`);
    const parsed = storedValueParsers[key as (typeof COOKIE_KEYS)[number]](value);
    if (parsed === undefined) throw new TypeError(`createCairn: \`initialState.${key}\` is not valid`);
    checked[key] = parsed;
  }
  return checked as CairnInitialState;
}
