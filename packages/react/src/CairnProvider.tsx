import type { Cairn } from '@cairn/core';
import type { ReactNode } from 'react';
import { CairnContext } from './context.ts';
import { CairnModalRoot } from './modal/CairnModalRoot.tsx';

export interface CairnProviderProps {
  cairn: Cairn;
  children?: ReactNode;
  /**
   * Host the instance's modal here (default true). Exactly one provider per instance hosts it;
   * further ones (a button rendered in another React root) pass false.
   */
  modal?: boolean;
}

/** Makes the instance available to the hooks and <ConnectButton />, and hosts the modal. */
export function CairnProvider({ cairn, children, modal = true }: CairnProviderProps) {
  return (
    <CairnContext.Provider value={cairn}>
      {children}
      {modal && <CairnModalRoot cairn={cairn} />}
    </CairnContext.Provider>
  );
}
