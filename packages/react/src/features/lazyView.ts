import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** A feature's view in a chunk of its own (React.lazy) that can also be fetched ahead of its opening. */
export type LazyView<Props = object> = LazyExoticComponent<ComponentType<Props>> & {
  /** Fetches the view's chunk on intent (its button hovered or focused), so the click only renders it. */
  preload(): void;
};

/** React.lazy over `load`, with one fetch shared by the preload and the render; a failed fetch is tried again next time. */
export function lazyView<Props = object>(load: () => Promise<{ default: ComponentType<Props> }>): LazyView<Props> {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const fetchChunk = () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
  return Object.assign(lazy(fetchChunk), { preload: () => void fetchChunk().catch(() => undefined) });
}
