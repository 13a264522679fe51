import { createStore } from '../../createStore.ts';

export interface SiwxSession {
  address: string;
  chainId: number | string;
  expirationTime?: string;
}

// SPEC §4 sign-in: idle until needed, 'signing' shows 'Authenticating...'.
export interface SiwxState {
  status: 'idle' | 'signing' | 'authenticated' | 'error';
  session?: SiwxSession;
  error?: string;
}

export const createSiwxStore = () => createStore<SiwxState>({ status: 'idle' });
export type SiwxStore = ReturnType<typeof createSiwxStore>;
