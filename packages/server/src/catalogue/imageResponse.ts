import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';

const CONTENT_TYPES: Record<string, string> = {
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
};

// Logos change rarely but may be replaced under the same id: cache for 30 days, revalidate by ETag.
const CACHE_CONTROL = 'public, max-age=2592000, stale-while-revalidate=86400';

type Image = { body: Buffer; contentType: string; etag: string };

/** Image files read once and kept (the whole shipped set is about 10 MB). */
const loaded = new Map<string, Promise<Image>>();

function imageOf(body: Buffer, contentType: string): Image {
  return { body, contentType, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}

export function loadImageFile(path: string): Promise<Image> {
  let image = loaded.get(path);
  if (!image) {
    image = readFile(path).then((body) => imageOf(body, CONTENT_TYPES[extname(path).toLowerCase()] ?? 'application/octet-stream'));
    image.catch(() => loaded.delete(path));
    loaded.set(path, image);
  }
  return image;
}

export function svgImage(svg: string): Image {
  return imageOf(Buffer.from(svg), 'image/svg+xml');
}

/** Sends an image with long cache headers and an ETag; 304 when the client's copy is current. */
export function sendImage(request: FastifyRequest, reply: FastifyReply, image: Image): FastifyReply {
  reply.header('cache-control', CACHE_CONTROL).header('etag', image.etag).header('x-content-type-options', 'nosniff');
  // SVGs may carry script: never let one run in our origin if opened directly.
  if (image.contentType === 'image/svg+xml') reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === image.etag)) return reply.code(304).send();
  return reply.type(image.contentType).send(image.body);
}
