import { useState } from 'react';
import { WalletGlyph } from './icons.tsx';

export interface WalletIconProps {
  src: string | undefined;
  size?: number;
  /** Fetch only when near the viewport: a long list loads only the logos it shows. */
  lazy?: boolean;
}

/**
 * A wallet's icon. EIP-6963: an SVG icon MUST be rendered through <img>, never inlined, so a
 * wallet's markup can never run in the page. A missing or broken icon shows a neutral glyph.
 */
export function WalletIcon({ src, size = 40, lazy = false }: WalletIconProps) {
  const [failedSrc, setFailedSrc] = useState<string>();
  const usable = src && failedSrc !== src;
  return (
    <span className="wallet-icon" style={{ width: size, height: size }} aria-hidden="true">
      {usable ? (
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
