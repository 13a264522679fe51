import { useEffect } from 'react';

/** Stops the page behind the open modal from scrolling; restores the page's own value after. */
export function useScrollLock(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const { style } = document.documentElement;
    const previous = style.overflow;
    style.overflow = 'hidden';
    return () => {
      style.overflow = previous;
    };
  }, [active]);
}
