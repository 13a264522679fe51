import type { WalletChain } from './performRequest.ts';

/** What a card asking the holder to decide gets: the wallet's chains (to name them) and the two answers. */
export interface DecisionCardProps {
  chains: readonly WalletChain[];
  onApprove(): Promise<void>;
  onReject(): Promise<void>;
}
