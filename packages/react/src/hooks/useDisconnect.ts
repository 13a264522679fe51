import { useCairnInstance } from '../context.ts';

export interface UseDisconnectReturnType {
  /** Rejects with 'Failed to disconnect' (SPEC §8) when a wallet refuses; the state is then kept. */
  disconnect(): Promise<void>;
}

export function useDisconnect(): UseDisconnectReturnType {
  const cairn = useCairnInstance('useDisconnect');
  return { disconnect: cairn.disconnect };
}
