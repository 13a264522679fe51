import type { Locator, Page } from 'playwright-core';
import decodeQR from 'qr/decode.js';

/** Reads a QR code as a camera would: the rendered pixels of `code`, decoded. */
export async function scanQr(page: Page, code: Locator): Promise<string> {
  const png = await code.screenshot();
  const image = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { width, height, data: Array.from(data) };
  }, png.toString('base64'));
  return decodeQR({ width: image.width, height: image.height, data: Uint8Array.from(image.data) });
}
