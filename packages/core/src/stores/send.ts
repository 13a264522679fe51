import { createStore } from '../createStore.ts';

// SPEC §3: send state. Only the form fields live here for now; SPEC §4 resets them on a network switch.
export interface SendState {
  tokenAddress?: string;
  sendTokenAmount?: string;
  receiverAddress?: string;
  receiverProfileName?: string;
  receiverProfileImage?: string;
  loading: boolean;
}

const EMPTY_SEND: SendState = { loading: false };

export function createSendStore() {
  const store = createStore<SendState>(EMPTY_SEND);
  return {
    ...store,
    setAmount: (sendTokenAmount: string) => store.set({ sendTokenAmount }),
    setReceiver: (receiverAddress: string) => store.set({ receiverAddress }),
    setToken: (tokenAddress: string | undefined) => store.set({ tokenAddress }),
    reset: () =>
      store.set({
        tokenAddress: undefined,
        sendTokenAmount: undefined,
        receiverAddress: undefined,
        receiverProfileName: undefined,
        receiverProfileImage: undefined,
        loading: false,
      }),
  };
}
export type SendStore = ReturnType<typeof createSendStore>;
