import { type TokenBalance } from '@cairn/core';
import { formatAmount, formatUsd, isSafeImageUrl } from '@cairn/core/rules';

/** The account's tokens as the site's server reports them, with amounts and USD values. */
export function TokenList({ tokens }: { tokens: readonly TokenBalance[] }) {
  if (tokens.length === 0) return null;
  return (
    <ul className="tokens" aria-label="Tokens">
      {tokens.map((token) => (
        <li key={token.address ?? token.symbol} className="token" data-testid={`token-${token.symbol}`}>
          {isSafeImageUrl(token.iconUrl) ? (
            <img className="token-icon" src={token.iconUrl} alt="" loading="lazy" />
          ) : (
            <span className="token-icon" aria-hidden="true">
              {token.symbol.slice(0, 1)}
            </span>
          )}
          <span className="token-name">
            <span className="token-symbol">{token.symbol}</span>
            <span className="token-amount">{formatAmount(token.quantity.numeric)}</span>
          </span>
          <span className="token-value">{token.price > 0 ? formatUsd(token.value) : ''}</span>
        </li>
      ))}
    </ul>
  );
}
