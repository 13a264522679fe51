import encodeQR from 'qr';

// Quartile correction (25 %) tolerates the logo, which covers about 5 % of the modules.
const ECC = 'quartile' as const;
const LOGO_SHARE = 0.22;

/** The modules of one QR code as a single SVG path, with a square left clear for the logo. */
export function qrPath(value: string, clearCentre: boolean): { size: number; d: string } {
  // The encoder's smallest border is one module; that ring is sliced off, the quiet zone is ours.
  const matrix = encodeQR(value, 'raw', { ecc: ECC, border: 1 })
    .slice(1, -1)
    .map((row) => row.slice(1, -1));
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

