import type { FastifyRequest } from 'fastify';
import { IconUrls } from './account/iconUrls.ts';
import { TtlCache } from './cache/ttlCache.ts';
import type { ChainContext } from './chain/chainContext.ts';
import type { SolanaChainContext } from './solana/solanaChains.ts';
import type { Network } from './catalogue/networks.ts';
import type { TokenList } from './catalogue/tokenList.ts';
import type { WalletCatalogue } from './catalogue/walletCatalogue.ts';
import type { ServerConfig } from './config.ts';
import type { Db } from './db/database.ts';
import type { CacheBus } from './cache/cacheBus.ts';
import type { Indexer } from './indexer/indexer.ts';
import type { Mailer } from './mail/mailer.ts';
import type { PoolPrices } from './prices/poolPrices.ts';
import type { FastLane } from './http/fastLane.ts';

/** What the routes share: built once in createServer, handed to each route module. */
export interface ServerServices {
  config: ServerConfig;
  db: Db;
  chains: Map<number, ChainContext>;
  /** Solana clusters by CAIP-2 id (solana:localnet), for balances. */
  solanaChains: Map<string, SolanaChainContext>;
  networks: Map<string, Network>;
  tokenList: TokenList;
  wallets: WalletCatalogue;
  prices: PoolPrices;
  indexer: Indexer;
  /** Keeps the replicas' caches one cache (REDIS_URL); none in one process. */
  cacheBus?: CacheBus;
  /** Sends the login codes; none when SMTP_URL is not set (e-mail login off). */
  mailer?: Mailer;
  isSpam(chainId: number, contract: string): boolean;
  iconUrls(request: FastifyRequest): IconUrls;
  /** Where a cached read's route remembers a URL it answered from its cache (http/fastLane.ts). */
  fastLane?: FastLane;
}

export function spamChecker(spamContracts: readonly string[]): (chainId: number, contract: string) => boolean {
  const spam = new Set(spamContracts);
  return (chainId, contract) => {
    const address = contract.toLowerCase();
    return spam.has(`*:${address}`) || spam.has(`${chainId}:${address}`);
  };
}

/** The icon URLs of each caller (base URL, projectId, st, sv) are built once, not per request. */
const KEPT_ICON_URLS = 1000;

export function iconUrlsFor(config: ServerConfig, tokenList: TokenList, networks: Map<string, Network>) {
  const built = new TtlCache<string, IconUrls>(Number.POSITIVE_INFINITY, KEPT_ICON_URLS);
  return (request: FastifyRequest): IconUrls => {
    const base = config.publicUrl ?? `${request.protocol}://${request.host}`;
    const query = request.query as { projectId?: string; st?: string; sv?: string };
    const key = `${base}\n${query.projectId}\n${query.st}\n${query.sv}`;
    let icons = built.get(key);
    if (icons === undefined) {
      icons = IconUrls.forRequest(base, query, tokenList, networks);
      built.set(key, icons);
    }
    return icons;
  };
}
