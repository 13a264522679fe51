import { createStore } from '../../createStore.ts';
import type { SendOutcome } from '../../rules/send/sendOutcome.ts';

// SPEC §3: send state. SPEC §4: a switch of network resets it.
export interface SendState {
  /** The token's contract; undefined for the native coin. */
  tokenAddress?: string;
  /** As typed, in whole units. */
  sendTokenAmount?: string;
  /** As typed. */
  receiverAddress?: string;
  receiverProfileName?: string;
  receiverProfileImage?: string;
  /** The address a typed name resolved to (Send accepts a name as receiver). */
  receiverResolvedAddress?: string;
  /** Wei per gas from the site's server, as a decimal string. */
  gasPrice?: string;
  /** The send's network fee in USD, when the native coin's price is known. */
  gasPriceInUsd?: number;
  /** The account's value on this network in USD. */
  networkBalanceInUsd?: number;
  /** Gas units the send is estimated to use. */
  gasEstimate?: string;
  loading: boolean;
  /** What stops the send now (SPEC §8 texts, or the node's, made readable). */
  error?: string;
  /** When the last failed attempt was made (ms). */
  lastRetry?: number;
  /** The visitor asked for the review: an empty field now says so. */
  reviewTried?: boolean;
  /** The sent transaction: pending, then confirmed or failed. */
  outcome?: SendOutcome;
}

const EMPTY_SEND: SendState = { loading: false };

export function createSendStore() {
  const store = createStore<SendState>(EMPTY_SEND);
  return {
    ...store,
    setAmount: (sendTokenAmount: string) => store.set({ sendTokenAmount: String(sendTokenAmount).slice(0, 100), error: undefined }),
    setReceiver: (receiverAddress: string) =>
      store.set({ receiverAddress: String(receiverAddress).slice(0, 200), receiverProfileName: undefined, receiverProfileImage: undefined, receiverResolvedAddress: undefined, error: undefined }),
    setToken: (tokenAddress: string | undefined) => store.set({ tokenAddress, error: undefined, gasEstimate: undefined }),
    reset: () =>
      store.set({
        tokenAddress: undefined,
        sendTokenAmount: undefined,
        receiverAddress: undefined,
        receiverProfileName: undefined,
        receiverProfileImage: undefined,
        receiverResolvedAddress: undefined,
        gasPrice: undefined,
        gasPriceInUsd: undefined,
        networkBalanceInUsd: undefined,
        gasEstimate: undefined,
        loading: false,
        error: undefined,
        lastRetry: undefined,
        reviewTried: undefined,
        outcome: undefined,
      }),
  };
}
export type SendStore = ReturnType<typeof createSendStore>;
