import type { SiwxState } from '@cairn/core';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from './useStoreState.ts';

export interface UseCairnSessionReturnType {
  status: SiwxState['status'];
  isSignedIn: boolean;
  address: string | undefined;
  chainId: number | string | undefined;
  expirationTime: string | undefined;
}

/** The sign-in (EIP-4361) session of the connected account, when the site enables sign-in. */
export function useCairnSession(): UseCairnSessionReturnType {
  const cairn = useCairnInstance('useCairnSession');
  const { status, session } = useStoreState(cairn.stores.siwx);
  return {
    status,
    isSignedIn: session !== undefined,
    address: session?.address,
    chainId: session?.chainId,
    expirationTime: session?.expirationTime,
  };
}
