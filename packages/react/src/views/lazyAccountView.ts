import { lazyView } from '../features/lazyView.ts';

/**
 * The Account view in a chunk of its own (issue 29): a disconnected visitor's next click opens
 * Connect, so the modal's idle prefetch leaves it out; it is fetched once a connection is there
 * or under way (Modal.tsx).
 */
export const LazyAccountView = lazyView(async () => ({ default: (await import('./AccountView.tsx')).AccountView }));
