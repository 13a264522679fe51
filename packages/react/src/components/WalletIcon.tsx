import { useEffect, useState } from 'react';
import { WalletGlyph } from './icons.tsx';

/**
 * How long a lazy icon's row must stay on screen before its logo is fetched: a flick through All
 * Wallets renders rows for a frame or two, and their logos would spend the site's server budget
 * (its per-IP limit) for nothing (issue 29).
 */
const LAZY_LOGO_DELAY_MS = 120;

export interface WalletIconProps {
  src: string | undefined;
  size?: number;
  /** Fetch only for a row that stays in view: a long list loads only the logos it shows. */
  lazy?: boolean;
}

/**
 * A wallet's icon. EIP-6963: an SVG icon MUST be rendered through <img>, never inlined, so a
 * wallet's markup can never run in the page. A missing or broken icon shows a neutral glyph.
 */
export function WalletIcon({ src, size = 40, lazy = false }: WalletIconProps) {
  const [failedSrc, setFailedSrc] = useState<string>();
  // The logo the row stayed on screen for: a row the list reuses for another wallet (a search's
  // results) waits again before it fetches the new one.
  const [stayedFor, setStayedFor] = useState<string | null>(null);
  const stayed = !lazy || stayedFor === (src ?? '');
  useEffect(() => {
    if (stayed) return;
    const timer = setTimeout(() => setStayedFor(src ?? ''), LAZY_LOGO_DELAY_MS);
    return () => clearTimeout(timer);
  }, [stayed, src]);
  const usable = src && failedSrc !== src;
  return (
    <span className="wallet-icon" style={{ width: size, height: size }} aria-hidden="true">
      {!stayed ? null : usable ? (
        <img
          src={src}
          alt=""
          width={size}
          height={size}
          {...(lazy ? { loading: 'lazy' as const, decoding: 'async' as const } : {})}
          draggable={false}
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(src)}
        />
      ) : (
        <WalletGlyph size={Math.round(size * 0.55)} />
      )}
    </span>
  );
}
