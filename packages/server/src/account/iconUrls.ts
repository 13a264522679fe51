import type { Network } from '../catalogue/networks.ts';
import { nativeIconNetwork } from '../catalogue/networks.ts';
import type { TokenList } from '../catalogue/tokenList.ts';

/**
 * Builds the icon URLs the data API hands out. They point at this server's image routes and carry
 * the caller's projectId, st and sv, since those routes require them like every other.
 */
export class IconUrls {
  constructor(
    private readonly base: string,
    private readonly access: string,
    private readonly tokens: TokenList,
    private readonly networks: Map<string, Network>,
  ) {}

  static forRequest(base: string, query: { projectId?: string; st?: string; sv?: string }, tokens: TokenList, networks: Map<string, Network>): IconUrls {
    const access = new URLSearchParams({ projectId: query.projectId ?? '', st: query.st ?? '', sv: query.sv ?? '' }).toString();
    return new IconUrls(base, access, tokens, networks);
  }

  /** Distinguishes the URLs of different callers in a cache of responses that carry them. */
  get cacheKey(): string {
    return `${this.base}?${this.access}`;
  }

  /** A listed token's logo; '' when the lists have none (never a look-alike found by symbol). */
  token(chainId: number, address: string): string {
    const listed = this.tokens.get(chainId, address);
    return listed?.logoPath ? `${this.base}/public/getTokenImage/${chainId}-${address.toLowerCase()}?${this.access}` : '';
  }

  native(caip2: string): string {
    const network = this.networks.get(nativeIconNetwork(this.networks, caip2));
    return network?.iconPath ? `${this.base}/public/getAssetImage/${encodeURIComponent(network.caip2)}?${this.access}` : '';
  }
}
