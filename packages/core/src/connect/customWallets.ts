import type { WalletListItem } from '../types.ts';

/**
 * A wallet the site lists itself (SPEC §9 "custom"), shaped like a catalogue wallet: picked, it
 * connects through its browser extension when installed (its rdns), else over WalletConnect with
 * the QR code and its deep links, as a catalogue wallet does.
 */
export interface CustomWallet {
  /** Unique among the site's wallets: letters, digits and `._:+-`, at most 190. */
  id: string;
  name: string;
  /** The logo: an http(s) URL, or a `data:image/...` URL. */
  image_url?: string;
  /** The EIP-6963 rdns its browser extension announces. */
  rdns?: string;
  homepage?: string;
  /** The wallet app's link base on a phone: `https://...` (universal link) or `scheme://`. */
  mobile_link?: string;
  desktop_link?: string;
  webapp_link?: string;
  app_store?: string;
  play_store?: string;
  chrome_store?: string;
}

/** A custom wallet as the widget holds it: a catalogue wallet, and its logo's URL. */
export interface CustomWalletEntry {
  wallet: WalletListItem;
  imageUrl?: string;
}

/** As the catalogue's wallet schema has it (api/walletCatalogueApi.ts), kept free of valibot: options load with the page. */
const WALLET_ID = /^[A-Za-z0-9._:+-]{1,200}$/;
const isSafeLink = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 2048 && !/^\s*(javascript|data|vbscript|file):/i.test(value) && !/[\s<>"']/.test(value);

const LINKS = ['homepage', 'mobile_link', 'desktop_link', 'webapp_link', 'app_store', 'play_store', 'chrome_store'] as const;
const KNOWN_FIELDS = new Set<string>(['id', 'name', 'image_url', 'rdns', ...LINKS]);
const IMAGE_URL = /^(https?:\/\/[^\s"'<>]+|data:image\/(png|jpeg|gif|webp|svg\+xml);base64,[A-Za-z0-9+/=]+)$/;

/** The image id its logo is looked up by (`walletImageUrl`), instead of the catalogue server's. */
export const customWalletImageId = (id: string) => `custom:${id}`;

/** Reads the site's `customWallets`, naming the first mistake. */
export function readCustomWallets(value: unknown): readonly CustomWalletEntry[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw new TypeError('createCairn: `customWallets` must be a list of wallets ({ id, name, image_url, links })');
  const seen = new Set<string>();
  return value.map((item: unknown, index) => {
    const where = `createCairn: \`customWallets[${index}]\``;
    if (typeof item !== 'object' || item === null) throw new TypeError(`${where} must be an object`);
    const given = item as Record<string, unknown>;
    const unknownField = Object.keys(given).find((field) => !KNOWN_FIELDS.has(field));
    if (unknownField) throw new TypeError(`${where} has an unknown field \`${unknownField}\` (known: ${[...KNOWN_FIELDS].join(', ')})`);
    // Its image id (`custom:` and the id) is a catalogue image id too, of at most 200 characters.
    if (typeof given.id !== 'string' || !WALLET_ID.test(given.id) || given.id.length > 190) throw new TypeError(`${where}.id must be letters, digits or ._:+- (at most 190)`);
    if (seen.has(given.id)) throw new TypeError(`${where}.id "${given.id}" is listed twice`);
    seen.add(given.id);
    if (typeof given.name !== 'string' || given.name.trim().length === 0 || given.name.length > 128) {
      throw new TypeError(`${where}.name must be the wallet's name (1 to 128 characters)`);
    }
    if (given.image_url !== undefined && (typeof given.image_url !== 'string' || given.image_url.length > 100_000 || !IMAGE_URL.test(given.image_url))) {
      throw new TypeError(`${where}.image_url must be an http(s) URL or a data:image URL`);
    }
    if (given.rdns !== undefined && (typeof given.rdns !== 'string' || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(given.rdns))) {
      throw new TypeError(`${where}.rdns must be a reverse domain name such as "com.example.wallet"`);
    }
    for (const link of LINKS) {
      if (given[link] !== undefined && !isSafeLink(given[link])) {
        throw new TypeError(`${where}.${link} must be a link (https://... or a wallet's own scheme://), without spaces or quotes`);
      }
    }
    const wallet: WalletListItem = {
      id: given.id,
      name: given.name.trim(),
      image_id: customWalletImageId(given.id),
      rdns: (given.rdns as string | undefined) ?? null,
      chains: [],
      homepage: null,
      mobile_link: null,
      desktop_link: null,
      webapp_link: null,
      app_store: null,
      play_store: null,
      chrome_store: null,
      ...Object.fromEntries(LINKS.flatMap((link) => (given[link] === undefined ? [] : [[link, given[link]]]))),
      walletconnect_id: null,
      walletconnect_uri_templates: [],
    };
    return { wallet, ...(typeof given.image_url === 'string' ? { imageUrl: given.image_url } : {}) };
  });
}
