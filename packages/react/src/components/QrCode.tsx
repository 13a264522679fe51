import encodeQR from 'qr';
import { useMemo } from 'react';
import { WalletIcon } from './WalletIcon.tsx';

export interface QrCodeProps {
  value: string;
  /** Accessible name of the code. */
  label: string;
  /** A wallet's logo, drawn in a cleared centre square. */
  logo?: string;
}

// Quartile correction (25 %) tolerates the logo, which covers about 5 % of the modules.
const ECC = 'quartile' as const;
const LOGO_SHARE = 0.22;
const QUIET_ZONE = 4;

/** The modules of one QR code as a single SVG path, with a square left clear for the logo. */
function qrPath(value: string, clearCentre: boolean): { size: number; d: string } {
  const matrix = encodeQR(value, 'raw', { ecc: ECC, border: 0 });
  const size = matrix.length;
  let hole = clearCentre ? Math.ceil(size * LOGO_SHARE) : 0;
  if (hole > 0 && hole % 2 !== size % 2) hole += 1; // centred on whole modules
  const start = (size - hole) / 2;
  const inHole = (x: number, y: number) => hole > 0 && x >= start && x < start + hole && y >= start && y < start + hole;
  let d = '';
  matrix.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (dark && !inHole(x, y)) d += `M${x} ${y}h1v1h-1z`;
    }),
  );
  return { size, d };
}

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
