import { fileURLToPath } from 'node:url';

/** packages/server/data: the seed data the server ships (see data/README.md for its sources). */
export const dataDir = fileURLToPath(new URL('../../data/', import.meta.url));
export const imagesDir = fileURLToPath(new URL('../../data/images/', import.meta.url));
