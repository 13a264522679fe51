import { isTupleOrigin } from '../protocol/messaging.ts';

function isLoopback(url: URL): boolean {
  return url.hostname === '127.0.0.1' || url.hostname === 'localhost' || url.hostname === '[::1]';
}

/** The frame URL's origin; only https, or http on loopback for local development. */
export function frameOriginOf(frameUrl: string): string {
  let url: URL;
  try {
    url = new URL(frameUrl);
  } catch {
    throw new TypeError(`The frame URL is not a URL: ${frameUrl}`);
  }
  if (!(url.protocol === 'https:' || (url.protocol === 'http:' && isLoopback(url))) || !isTupleOrigin(url.origin)) {
    throw new TypeError(`The frame URL must be https (or http on 127.0.0.1): ${frameUrl}`);
  }
  return url.origin;
}
