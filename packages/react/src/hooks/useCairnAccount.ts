import type { ConnectionStatus, TokenBalance } from '@cairn/core';
import { useCairnInstance } from '../context.ts';
import { useActiveAccount } from './useActiveAccount.ts';
import { useStoreState } from './useStoreState.ts';

export interface UseCairnAccountReturnType {
  address: string | undefined;
  caipAddress: string | undefined;
  isConnected: boolean;
  /** The connection's status: disconnected, connecting, connected or reconnecting. */
  status: ConnectionStatus;
  /** Whole units as a decimal string, e.g. "10000.5"; undefined until read. */
  balance: string | undefined;
  balanceSymbol: string | undefined;
  /** USD value of the native coin and tokens, when the site runs a Cairn server. */
  balanceUsd: number | undefined;
  tokenBalance: readonly TokenBalance[];
  profileName: string | undefined;
  profileImage: string | undefined;
  connectorId: string | undefined;
}

/** The connected account of the active chain namespace. */
export function useCairnAccount(): UseCairnAccountReturnType {
  const cairn = useCairnInstance('useCairnAccount');
  const { status } = useStoreState(cairn.stores.connection);
  const account = useActiveAccount(cairn);
  return {
    address: account.address,
    caipAddress: account.caipAddress,
    isConnected: status === 'connected',
    status,
    balance: account.balance,
    balanceSymbol: account.balanceSymbol,
    balanceUsd: account.balanceUsd,
    tokenBalance: account.tokenBalance,
    profileName: account.profileName,
    profileImage: account.profileImage,
    connectorId: account.connectorId,
  };
}
