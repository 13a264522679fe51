import type { ChainNamespace } from '@cairn/core';
import { useCairnInstance } from '../context.ts';

export interface UseDisconnectReturnType {
  /** Rejects with 'Failed to disconnect' (SPEC §8) when a wallet refuses; the state is then kept. */
  /** Every connected namespace, or only `namespace` (the other stays connected). */
  disconnect(options?: { namespace?: ChainNamespace }): Promise<void>;
}

export function useDisconnect(): UseDisconnectReturnType {
  const cairn = useCairnInstance('useDisconnect');
  return { disconnect: cairn.disconnect };
}
