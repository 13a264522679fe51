import { useLayoutEffect } from 'react';
import { deepActiveElement } from '../dom/deepActiveElement.ts';

/**
 * On mount, remembers what had focus (through shadow roots: the ConnectButton's inner <button>,
 * not its host); on unmount, gives focus back to it if it is still on the page.
 */
export function useRestoreFocus(): void {
  useLayoutEffect(() => {
    const previous = deepActiveElement();
    return () => {
      if (previous instanceof HTMLElement && previous.isConnected) previous.focus({ preventScroll: true });
    };
  }, []);
}
