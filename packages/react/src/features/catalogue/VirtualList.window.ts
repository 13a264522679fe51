/** Which rows a fixed-row-height list renders: the visible ones, plus `overscan` on each side. */
export interface RowWindow {
  start: number;
  /** Exclusive. */
  end: number;
}

export function rowWindow(params: { scrollTop: number; viewportHeight: number; rowHeight: number; count: number; overscan: number }): RowWindow {
  const { scrollTop, viewportHeight, rowHeight, count, overscan } = params;
  if (count === 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.min(count - 1, Math.max(0, Math.floor(scrollTop / rowHeight)));
  const visible = Math.max(1, Math.ceil(viewportHeight / rowHeight) + 1);
  return { start: Math.max(0, first - overscan), end: Math.min(count, first + visible + overscan) };
}

/** The scrollTop that brings row `index` fully into view, or undefined when it already is. */
export function scrollTopToReveal(params: { index: number; scrollTop: number; viewportHeight: number; rowHeight: number }): number | undefined {
  const { index, scrollTop, viewportHeight, rowHeight } = params;
  const top = index * rowHeight;
  const bottom = top + rowHeight;
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewportHeight) return bottom - viewportHeight;
  return undefined;
}

/** Where a key moves focus in a list of `count` rows; undefined for keys the list leaves alone. */
export function keyTarget(key: string, index: number, count: number, pageRows: number): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, index + 1);
    case 'ArrowUp':
      return Math.max(0, index - 1);
    case 'PageDown':
      return Math.min(last, index + Math.max(1, pageRows));
    case 'PageUp':
      return Math.max(0, index - Math.max(1, pageRows));
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}
