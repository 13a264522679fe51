import { useMemo } from 'react';
import { qrPath } from './qrPath.ts';
import { WalletIcon } from './WalletIcon.tsx';

export interface QrCodeProps {
  value: string;
  /** Accessible name of the code. */
  label: string;
  /** A wallet's logo, drawn in a cleared centre square. */
  logo?: string;
}

const QUIET_ZONE = 4;

/** Dark on white whatever the theme, with a quiet zone: what phone cameras read best. */
export function QrCode({ value, label, logo }: QrCodeProps) {
  const { size, d } = useMemo(() => qrPath(value, logo !== undefined), [value, logo]);
  const box = size + QUIET_ZONE * 2;
  return (
    <div className="qr" role="img" aria-label={label} data-testid="walletconnect-qr" data-uri={value}>
      <svg viewBox={`${-QUIET_ZONE} ${-QUIET_ZONE} ${box} ${box}`} shapeRendering="crispEdges" aria-hidden="true">
        <rect x={-QUIET_ZONE} y={-QUIET_ZONE} width={box} height={box} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
      {logo !== undefined && (
        <span className="qr-logo">
          <WalletIcon src={logo} size={48} />
        </span>
      )}
    </div>
  );
}
