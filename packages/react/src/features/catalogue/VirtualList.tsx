import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { keyTarget, rowWindow, scrollTopToReveal } from './VirtualList.window.ts';

export interface VirtualListProps<T> {
  items: readonly T[];
  /** Every row is this tall (px), spacing included: the window is arithmetic, nothing is measured. */
  rowHeight: number;
  /** Rows rendered beyond each edge of the viewport, so a fast scroll or a Tab lands on a row. */
  overscan?: number;
  /** The list's accessible name. */
  label: string;
  id?: string;
  renderRow(item: T, index: number): ReactNode;
  /** Called when the rendered rows come within `endThreshold` rows of the end (infinite scroll). */
  onNearEnd?(): void;
  endThreshold?: number;
  /** A new value scrolls back to the top (e.g. results of a new search). */
  scrollKey?: string;
  busy?: boolean;
  /** Below the rows, inside the scroll area (loading more, a retry). */
  footer?: ReactNode;
}

/**
 * A list that renders only the rows in view (fixed row height), so 10,000 wallets cost the DOM
 * about twenty rows. Keyboard: every rendered row is a tab stop and a focused row is scrolled into
 * view (which renders the next ones), arrows / Page Up / Page Down / Home / End move focus
 * through the whole list, and the focused row stays rendered while it is scrolled away.
 */
export function VirtualList<T>({
  items,
  rowHeight,
  overscan = 4,
  label,
  id,
  renderRow,
  onNearEnd,
  endThreshold = 10,
  scrollKey,
  busy,
  footer,
}: VirtualListProps<T>) {
  const scrollRef = useRef<HTMLDivElement>(null);
  // The first row in view, not the pixel offset: scrolling within a row re-renders nothing.
  const [firstRow, setFirstRow] = useState(0);
  const [viewportHeight, setViewportHeight] = useState(0);
  const [focusIndex, setFocusIndex] = useState<number>();
  const pendingFocus = useRef<number | undefined>(undefined);
  // A new scrollKey starts at the top in this very render (adjusting state while rendering): an
  // effect would first commit rows of the old offset, then render again.
  const [renderedKey, setRenderedKey] = useState(scrollKey);
  if (renderedKey !== scrollKey) {
    setRenderedKey(scrollKey);
    setFirstRow(0);
  }

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    setViewportHeight(element.clientHeight);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setViewportHeight(element.clientHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  useLayoutEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [scrollKey]);

  const { start, end } = rowWindow({ scrollTop: firstRow * rowHeight, viewportHeight, rowHeight, count: items.length, overscan });

  useEffect(() => {
    if (onNearEnd && items.length > 0 && end >= items.length - endThreshold) onNearEnd();
  }, [end, items.length, endThreshold, onNearEnd]);

  // Focus moves after the row it goes to has been rendered.
  useLayoutEffect(() => {
    const index = pendingFocus.current;
    if (index === undefined) return;
    pendingFocus.current = undefined;
    scrollRef.current?.querySelector<HTMLElement>(`li[data-index="${index}"] button`)?.focus({ preventScroll: true });
  });

  const indices: number[] = [];
  if (focusIndex !== undefined && focusIndex < start && focusIndex < items.length) indices.push(focusIndex);
  for (let index = start; index < end; index++) indices.push(index);
  if (focusIndex !== undefined && focusIndex >= end && focusIndex < items.length) indices.push(focusIndex);

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const element = scrollRef.current;
    if (focusIndex === undefined || !element || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = keyTarget(event.key, focusIndex, items.length, Math.floor(element.clientHeight / rowHeight));
    if (target === undefined || target === focusIndex) return;
    event.preventDefault();
    const top = scrollTopToReveal({ index: target, scrollTop: element.scrollTop, viewportHeight: element.clientHeight, rowHeight });
    if (top !== undefined) {
      element.scrollTop = top;
      setFirstRow(Math.floor(top / rowHeight));
    }
    pendingFocus.current = target;
    setFocusIndex(target);
  };

  return (
    <div
      ref={scrollRef}
      className="vlist"
      onScroll={(event) => setFirstRow(Math.floor(event.currentTarget.scrollTop / rowHeight))}
    >
      <ul
        id={id}
        role="list"
        aria-label={label}
        aria-busy={busy || undefined}
        className="vlist-rows"
        style={{ height: items.length * rowHeight }}
        onKeyDown={onKeyDown}
        onFocus={(event) => {
          const row = (event.target as HTMLElement).closest('li[data-index]');
          if (row) setFocusIndex(Number(row.getAttribute('data-index')));
        }}
        onBlur={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusIndex(undefined);
        }}
      >
        {indices.map((index) => {
          const item = items[index]!;
          return (
            // Keyed by position, not by item: a new list (a search's results) updates the rows
            // already in the DOM in place instead of removing them and creating new ones.
            <li
              key={index}
              data-index={index}
              aria-setsize={items.length}
              aria-posinset={index + 1}
              style={{ top: index * rowHeight, height: rowHeight }}
            >
              {renderRow(item, index)}
            </li>
          );
        })}
      </ul>
      {footer}
    </div>
  );
}
