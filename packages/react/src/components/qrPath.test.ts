import { describe, expect, it } from 'vitest';
import decodeQR from 'qr/decode.js';
import { qrPath } from './qrPath.ts';

/** Paints the path's unit squares into an RGBA image, 4 px per module, with the quiet zone. */
function rasterize(size: number, d: string, quiet = 4, scale = 4) {
  const width = (size + quiet * 2) * scale;
  const data = new Uint8Array(width * width * 4).fill(255);
  for (const [, x, y] of d.matchAll(/M(\d+) (\d+)h1v1h-1z/g)) {
    for (let dy = 0; dy < scale; dy++) {
      for (let dx = 0; dx < scale; dx++) {
        const px = (Number(x) + quiet) * scale + dx;
        const py = (Number(y) + quiet) * scale + dy;
        data.fill(0, (py * width + px) * 4, (py * width + px) * 4 + 3);
      }
    }
  }
  return { width, height: width, data };
}

const URI =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1705667684';

describe('qrPath', () => {
  it('draws a code a reader decodes back to the WalletConnect URI', () => {
    const { size, d } = qrPath(URI, false);
    expect(decodeQR(rasterize(size, d))).toBe(URI);
  });

  it('still decodes with the centre cleared for a wallet logo', () => {
    const { size, d } = qrPath(URI, true);
    expect(decodeQR(rasterize(size, d))).toBe(URI);
  });
});
