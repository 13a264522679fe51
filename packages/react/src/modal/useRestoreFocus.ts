import { useLayoutEffect } from 'react';
import { deepActiveElement } from '../dom/deepActiveElement.ts';

/**
 * When it becomes active, remembers what had focus (through shadow roots: the ConnectButton's
 * inner <button>, not its host); when it stops, gives focus back to it if it is still on the page.
 */
export function useRestoreFocus(active: boolean): void {
  useLayoutEffect(() => {
    if (!active) return;
    const previous = deepActiveElement();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus({ preventScroll: true });
    };
  }, [active]);
}
