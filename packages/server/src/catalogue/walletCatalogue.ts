import type { WalletListItem as CoreWalletListItem } from '@cairn/core';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { dataDir, imagesDir } from './dataFiles.ts';

/** One wallet of data/wallets.json (the fields the server reads; see data/README.md). */
export type WalletRecord = {
  id: string;
  name: string;
  rdns: string | null;
  chains?: string[];
  homepage?: string | null;
  mobile?: { native: string | null; universal: string | null };
  desktop?: { native: string | null; universal: string | null };
  webapp?: string | null;
  injected?: { namespace: string; injected_id: string }[] | null;
  app?: Record<string, string | null>;
  image: string;
  walletconnect_id?: string;
  rdns_aliases?: string[];
  deep_links?: { mobile_dapp_browser?: string; walletconnect_uri_templates?: string[] };
  short_name?: string;
  brand_color?: string;
  legacy_registry_only?: boolean;
  sources?: string[];
};

/** A wallet as GET /getWallets returns it (SPEC §3 "Wallet list item", plus store links). */
/**
 * SPEC §3's wallet list item: the wire shape the widget's core defines (and validates on arrival),
 * plus the catalogue fields the widget does not read.
 */
export type WalletListItem = CoreWalletListItem & {
  chains: string[];
  walletconnect_uri_templates: string[];
  injected: { namespace: string; injected_id: string }[];
  badge_type: 'none';
  order: number;
};

export type WalletQuery = {
  page: number;
  entries: number;
  search?: string;
  include?: string[];
  exclude?: string[];
  chains?: string[];
  badgeType?: 'none' | 'certified';
};

/** SPEC §9: search returns at most 100 wallets. */
export const SEARCH_LIMIT = 100;

type Entry = { item: WalletListItem; lowerName: string; ids: Set<string> };

export class WalletCatalogue {
  private readonly entries: Entry[];
  private readonly images = new Map<string, string>();

  constructor(records: readonly (WalletRecord & { imageDir: string })[]) {
    // Most-listed first: a wallet that more registries carry (WalletConnect, RainbowKit, web3-onboard,
    // thirdweb, mipd, ...) is one more people use. Wallets known only from the 2022 registry (many
    // defunct) go last. Ties keep name order.
    const ranked = [...records].sort(
      (a, b) =>
        Number(a.legacy_registry_only ?? false) - Number(b.legacy_registry_only ?? false) ||
        (b.sources?.length ?? 0) - (a.sources?.length ?? 0) ||
        a.name.localeCompare(b.name, 'en'),
    );
    this.entries = ranked.map((record, index) => {
      const item = toListItem(record, index + 1);
      this.images.set(item.image_id, join(record.imageDir, record.image));
      return {
        item,
        lowerName: record.name.toLowerCase(),
        // A browser wallet announces its rdns (EIP-6963), which for a few wallets is not their id.
        ids: new Set(
          [record.id, record.walletconnect_id, record.rdns, ...(record.rdns_aliases ?? [])]
            .filter((id): id is string => typeof id === 'string' && id.length > 0)
            .map((id) => id.toLowerCase()),
        ),
      };
    });
  }

  get size(): number {
    return this.entries.length;
  }

  /** File of a wallet logo by image_id. */
  imagePath(imageId: string): string | undefined {
    return this.images.get(imageId);
  }

  /**
   * One page of wallets: filtered by include / exclude (our id, the WalletConnect id or the rdns), chains
   * and badge, then, with a search, ranked by name (prefix, then word start, then substring) and
   * cut to SEARCH_LIMIT. `count` is the number of wallets across all pages.
   */
  query(query: WalletQuery): { data: WalletListItem[]; count: number } {
    const include = query.include && query.include.length > 0 ? new Set(query.include.map((id) => id.toLowerCase())) : undefined;
    const exclude = new Set((query.exclude ?? []).map((id) => id.toLowerCase()));
    const namespaces = query.chains && query.chains.length > 0 ? new Set(query.chains.map((chain) => chain.split(':')[0]!)) : undefined;
    let matches = this.entries.filter(
      ({ item, ids }) =>
        (!include || [...ids].some((id) => include.has(id))) &&
        ![...ids].some((id) => exclude.has(id)) &&
        // data/README.md: a wallet's chains come from a 2022 registry and are a lower bound; empty
        // means unknown. So a wallet is filtered out only when its chains are known and none is
        // in a requested namespace (an EVM wallet can add any EVM chain, the devnet included).
        (!namespaces || item.chains.length === 0 || item.chains.some((chain) => namespaces.has(chain.split(':')[0]!))) &&
        // No certification data ships with the catalogue: no wallet is "certified".
        (query.badgeType !== 'certified'),
    );
    const search = query.search?.trim().toLowerCase();
    if (search) {
      const rank = (name: string) => (name.startsWith(search) ? 0 : name.includes(` ${search}`) ? 1 : name.includes(search) ? 2 : 3);
      matches = matches
        .map((entry) => ({ entry, rank: rank(entry.lowerName) }))
        .filter(({ rank }) => rank < 3)
        .sort((a, b) => a.rank - b.rank || a.entry.item.order - b.entry.item.order)
        .slice(0, SEARCH_LIMIT)
        .map(({ entry }) => entry);
    }
    const start = (query.page - 1) * query.entries;
    return { data: matches.slice(start, start + query.entries).map(({ item }) => item), count: matches.length };
  }
}

function toListItem(record: WalletRecord, order: number): WalletListItem {
  return {
    id: record.id,
    name: record.name,
    image_id: record.id,
    rdns: record.rdns ?? null,
    chains: record.chains ?? [],
    homepage: record.homepage ?? null,
    mobile_link: record.mobile?.native ?? record.mobile?.universal ?? null,
    desktop_link: record.desktop?.native ?? record.desktop?.universal ?? null,
    webapp_link: record.webapp ?? null,
    app_store: record.app?.ios ?? null,
    play_store: record.app?.android ?? null,
    chrome_store: record.app?.chrome ?? null,
    injected: record.injected ?? [],
    walletconnect_id: record.walletconnect_id ?? null,
    walletconnect_uri_templates: record.deep_links?.walletconnect_uri_templates ?? [],
    badge_type: 'none',
    order,
  };
}

function readRecords(file: string, imageDir: string): (WalletRecord & { imageDir: string })[] {
  const records = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  if (!Array.isArray(records)) throw new Error(`${file} must hold a JSON array of wallets`);
  return records.map((record: WalletRecord, index) => {
    if (typeof record?.id !== 'string' || typeof record.name !== 'string' || typeof record.image !== 'string') {
      throw new Error(`${file}: wallet ${index} needs string id, name and image`);
    }
    if (!/^[A-Za-z0-9._:+-]{1,200}$/.test(record.id)) throw new Error(`${file}: wallet id "${record.id}" has characters an image URL cannot carry`);
    return { ...record, imageDir };
  });
}

/**
 * The shipped catalogue (data/wallets.json, logos in data/images/wallets), with the wallets of
 * `extraFile` (same format, logos beside that file) added or replacing shipped ones by id.
 */
export function loadWalletCatalogue(extraFile?: string): WalletCatalogue {
  const byId = new Map(readRecords(join(dataDir, 'wallets.json'), join(imagesDir, 'wallets')).map((record) => [record.id, record]));
  if (extraFile) for (const record of readRecords(extraFile, dirname(extraFile))) byId.set(record.id, record);
  return new WalletCatalogue([...byId.values()]);
}
