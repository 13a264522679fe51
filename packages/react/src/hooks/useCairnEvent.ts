import type { CairnEventListener } from '@cairn/core';
import { useEffect, useRef } from 'react';
import { useCairnInstance } from '../context.ts';

/** Calls `listener` with every analytics event; a new listener each render does not resubscribe. */
export function useCairnEvent(listener: CairnEventListener): void {
  const cairn = useCairnInstance('useCairnEvent');
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => cairn.events.subscribe((event) => latest.current(event)), [cairn]);
}
