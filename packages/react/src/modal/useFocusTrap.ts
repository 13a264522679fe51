import { useEffect, type RefObject } from 'react';
import { deepActiveElement } from '../dom/deepActiveElement.ts';
import { listTabbables } from '../dom/listTabbables.ts';

/**
 * Keeps Tab and Shift+Tab inside the container. Listens on the document, so focus that fell out
 * (to <body>, when the focused control was removed) is brought back on the next Tab as well.
 */
export function useFocusTrap(containerRef: RefObject<HTMLElement | null>, active: boolean): void {
  useEffect(() => {
    if (!active) return;
    function onKeyDown(event: KeyboardEvent) {
      const container = containerRef.current;
      if (event.key !== 'Tab' || !container) return;
      const tabbables = listTabbables(container);
      const first = tabbables[0];
      const last = tabbables.at(-1);
      if (!first || !last) {
        event.preventDefault();
        container.focus();
        return;
      }
      const active = deepActiveElement();
      const inside = active !== null && container.contains(active);
      if (!inside) {
        event.preventDefault();
        (event.shiftKey ? last : first).focus();
      } else if (event.shiftKey && (active === first || active === container)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown, true);
    return () => document.removeEventListener('keydown', onKeyDown, true);
  }, [containerRef, active]);
}
