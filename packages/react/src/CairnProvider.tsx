import type { Cairn } from '@cairn/core';
import type { ReactNode } from 'react';
import { CairnContext } from './context.ts';
import { CairnModalRoot } from './modal/CairnModalRoot.tsx';

export interface CairnProviderProps {
  cairn: Cairn;
  children?: ReactNode;
}

/** Makes the instance available to the hooks and <ConnectButton />, and hosts the modal. */
export function CairnProvider({ cairn, children }: CairnProviderProps) {
  return (
    <CairnContext.Provider value={cairn}>
      {children}
      <CairnModalRoot cairn={cairn} />
    </CairnContext.Provider>
  );
}
