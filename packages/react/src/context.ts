import type { Cairn } from '@cairn/core';
import { createContext, useContext } from 'react';

export const CairnContext = createContext<Cairn | null>(null);

/** The instance from the nearest provider; `caller` names the hook in the error a site sees. */
export function useCairnInstance(caller: string): Cairn {
  const cairn = useContext(CairnContext);
  if (!cairn) throw new Error(`${caller} must be used inside <CairnProvider>`);
  return cairn;
}
