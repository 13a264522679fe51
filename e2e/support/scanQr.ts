import type { Locator, Page } from 'playwright-core';
import decodeQR from 'qr/decode.js';

/**
 * Reads a QR code as a camera would: the rendered pixels of `code`, decoded. The page turns the
 * screenshot into RGBA pixels and hands them back as one base64 string: as an array of numbers
 * (Array.from) they crossed the protocol as JSON, which for a 720×720 px code (240 px at a phone's
 * scale of 3) cost 13–20 CPU-s and 170–200 s of wall at load ~30, against 0.46 CPU-s and 2.9 s as
 * base64, the same bytes. The receive view's and Farcaster's QR tests timed out on it under load.
 */
export async function scanQr(page: Page, code: Locator): Promise<string> {
  const png = await code.screenshot();
  const image = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    let binary = '';
    // In slices: String.fromCharCode takes its bytes as arguments, and a call has a limit on those.
    for (let start = 0; start < data.length; start += 0x8000) binary += String.fromCharCode(...data.subarray(start, start + 0x8000));
    return { width, height, pixels: btoa(binary) };
  }, png.toString('base64'));
  return decodeQR({ width: image.width, height: image.height, data: new Uint8Array(Buffer.from(image.pixels, 'base64')) });
}
