import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEVNET_CHAINS, DEVNET_CONTRACTS } from '../devnetDefaults.ts';
import { dataDir, imagesDir } from './dataFiles.ts';

export type ListedToken = { chainId: number; address: string; name: string; symbol: string; decimals: number; logoPath: string | undefined };

type TokensFile = { tokens: { chainId: number; address: string; name: string; symbol: string; decimals: number; logoFile: string | null }[] };

/** `${chainId}-${lowercase address}`: the id of a token's image and its key in the list. */
export const tokenKey = (chainId: number, address: string) => `${chainId}-${address.toLowerCase()}`;

/**
 * Token metadata and logos from data/tokens.json (permissively licensed lists), plus the devnet's
 * own tokens. Used for icons; balances take name, symbol and decimals from the chain itself.
 */
export class TokenList {
  private readonly byKey = new Map<string, ListedToken>();
  private readonly logoBySymbol = new Map<string, string>();

  constructor(tokens: readonly ListedToken[]) {
    // Symbol lookups prefer Ethereum mainnet's token, then the first listed.
    const ordered = [...tokens].sort((a, b) => Number(a.chainId !== 1) - Number(b.chainId !== 1));
    for (const token of ordered) {
      this.byKey.set(tokenKey(token.chainId, token.address), token);
      const symbol = token.symbol.toUpperCase();
      if (token.logoPath && !this.logoBySymbol.has(symbol)) this.logoBySymbol.set(symbol, token.logoPath);
    }
  }

  get(chainId: number, address: string): ListedToken | undefined {
    return this.byKey.get(tokenKey(chainId, address));
  }

  /** The listed tokens of one chain, in list order. */
  onChain(chainId: number): ListedToken[] {
    return [...this.byKey.values()].filter((token) => token.chainId === chainId);
  }

  /** A logo by image id: `<chainId>-<address>` (exact) or a symbol such as USDC. */
  logo(id: string): string | undefined {
    return this.byKey.get(id.toLowerCase())?.logoPath ?? this.logoBySymbol.get(id.toUpperCase());
  }
}

export function loadTokenList(): TokenList {
  const file = JSON.parse(readFileSync(join(dataDir, 'tokens.json'), 'utf8')) as TokensFile;
  const listed: ListedToken[] = file.tokens.map((token) => ({
    chainId: token.chainId,
    address: token.address.toLowerCase(),
    name: token.name,
    symbol: token.symbol,
    decimals: token.decimals,
    logoPath: token.logoFile ? join(imagesDir, token.logoFile) : undefined,
  }));
  const devnetTokens = [
    { address: DEVNET_CONTRACTS.cairnToken, name: 'Cairn Token', symbol: 'CAIRN', decimals: 18 },
    { address: DEVNET_CONTRACTS.testUsd, name: 'Test USD', symbol: 'TUSD', decimals: 6 },
    { address: DEVNET_CONTRACTS.zeroToken, name: 'Zero Decimal Token', symbol: 'ZERO', decimals: 0 },
  ];
  // Devnet tokens go last so that a symbol lookup (TUSD is also TrueUSD) finds the real token first.
  for (const { chainId } of DEVNET_CHAINS) {
    for (const token of devnetTokens) {
      listed.push({ chainId, ...token, address: token.address.toLowerCase(), logoPath: join(imagesDir, 'devnet', `${token.symbol}.svg`) });
    }
  }
  listed.push({ chainId: 1, address: '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee', name: 'Ether', symbol: 'ETH', decimals: 18, logoPath: join(imagesDir, 'chains', 'eip155-1.svg') });
  return new TokenList(listed);
}
