import { RECENT_WALLETS_MAX } from './constants.ts';
import { isCaipNetworkId } from './caip.ts';
import { isChainNamespace, type ChainNamespace } from './namespaces.ts';

// What the widget keeps in storage, and the parsers a stored value must pass to be trusted. They
// are written out rather than declared with valibot because they run on every page load before
// the button paints: valibot's object, array and pipe machinery would be 7 kB more in the page's
// first JS for five small shapes (bench/). The server's answers, read later, do use valibot.
// Each parser returns a fresh value holding only the known fields, or undefined.

export type StoredNamespace = ChainNamespace;

export interface RecentWallet {
  id: string;
  name: string;
  namespace: StoredNamespace;
  imageUrl?: string;
  rdns?: string;
}

/** A connection to restore on reload. */
export interface StoredConnection {
  namespace: StoredNamespace;
  connectorId: string;
  /** The account last seen, shown as reconnecting from the first paint (and server-rendered). */
  address?: string;
}

export interface StoredWallet {
  id: string;
  name: string;
}

/**
 * SPEC §3: who is signed in, kept so a reload asks the server (by its cookie, or the tab's bearer
 * token) instead of for a new signature. Never the token itself: localStorage is readable by every
 * script of the page and outlives the tab.
 */
export interface StoredSiwxSession {
  address: string;
  chainId: number | string;
  expirationTime?: string;
}

type Fields = Record<string, unknown>;
const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown, min: number, max: number): value is string =>
  typeof value === 'string' && value.length >= min && value.length <= max;
const isNamespace = isChainNamespace;

function parseList<T>(value: unknown, max: number, parseItem: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value) || value.length > max) return undefined;
  const items: T[] = [];
  for (const item of value) {
    const parsed = parseItem(item);
    if (parsed === undefined) return undefined;
    items.push(parsed);
  }
  return items;
}

function parseRecentWallet(value: unknown): RecentWallet | undefined {
  if (!isFields(value)) return undefined;
  const { id, name, namespace, imageUrl, rdns } = value;
  if (!isText(id, 1, 256) || !isText(name, 1, 128) || !isNamespace(namespace)) return undefined;
  if (imageUrl !== undefined && !isText(imageUrl, 0, 200_000)) return undefined;
  if (rdns !== undefined && !isText(rdns, 0, 256)) return undefined;
  return { id, name, namespace, ...(imageUrl !== undefined ? { imageUrl } : {}), ...(rdns !== undefined ? { rdns } : {}) };
}

function parseConnection(value: unknown): StoredConnection | undefined {
  if (!isFields(value)) return undefined;
  const { namespace, connectorId, address } = value;
  if (!isNamespace(namespace) || !isText(connectorId, 1, 256)) return undefined;
  if (address !== undefined && !(isText(address, 1, 128) && /^[\w:.-]+$/.test(address))) return undefined;
  return { namespace, connectorId, ...(address !== undefined ? { address } : {}) };
}

function parseWallet(value: unknown): StoredWallet | undefined {
  if (!isFields(value)) return undefined;
  const { id, name } = value;
  return isText(id, 1, 256) && isText(name, 0, 128) ? { id, name } : undefined;
}

function parseSiwxSession(value: unknown): StoredSiwxSession | undefined {
  if (!isFields(value)) return undefined;
  // A token stored by an earlier version is not read back (and goes with the next write).
  const { address, chainId, expirationTime } = value;
  if (!isText(address, 0, 128)) return undefined;
  const validChainId = typeof chainId === 'number' ? Number.isInteger(chainId) : isText(chainId, 0, 64);
  if (!validChainId) return undefined;
  if (expirationTime !== undefined && !isText(expirationTime, 0, 64)) return undefined;
  return { address, chainId: chainId as number | string, ...(expirationTime !== undefined ? { expirationTime } : {}) };
}

/** Every key the widget stores, with the parser its stored value must pass. */
export const storedValueParsers = {
  recentWallets: (value: unknown) => parseList(value, RECENT_WALLETS_MAX, parseRecentWallet),
  /** Most recently used first. */
  connections: (value: unknown) => parseList(value, 8, parseConnection),
  activeNetwork: (value: unknown) => (typeof value === 'string' && isCaipNetworkId(value) ? value : undefined),
  connectedWallet: parseWallet,
  siwxSession: parseSiwxSession,
  /** SPEC §3 "connected social": how the frame's login was made ('email' or a social provider). */
  connectedSocial: (value: unknown) => (typeof value === 'string' && /^[a-z]{1,16}$/.test(value) ? value : undefined),
  /** SPEC §3: the preferred account type per namespace, as the user last chose it. */
  preferredAccountTypes: parsePreferredAccountTypes,
} as const;

function parsePreferredAccountTypes(value: unknown): Partial<Record<ChainNamespace, string>> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  const entries = Object.entries(value).filter(([namespace, type]) => isNamespace(namespace) && typeof type === 'string' && /^[A-Za-z]{1,16}$/.test(type));
  return Object.fromEntries(entries) as Partial<Record<ChainNamespace, string>>;
}

export type StorageKey = keyof typeof storedValueParsers;
export type StorageValue<K extends StorageKey> = Exclude<ReturnType<(typeof storedValueParsers)[K]>, undefined>;
