import type { Cairn, ViewName } from '@cairn/core';
import { walletFeaturesFor, type WalletFeature } from '@cairn/core/internal';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { msg, useT } from '../i18n/useT.ts';

// The view each wallet feature opens; a feature whose view does not exist yet is never listed
// (the rule's built list leaves it out).
const FEATURE_VIEWS: Record<WalletFeature, { label: string; view?: ViewName }> = {
  onramp: { label: msg('Buy'), view: 'Buy' },
  swaps: { label: msg('Swap'), view: 'Swap' },
  receive: { label: msg('Receive'), view: 'Receive' },
  send: { label: msg('Send'), view: 'Send' },
};

const PREFETCH: Partial<Record<WalletFeature, (cairn: Cairn) => () => void>> = {
  send: (cairn) => cairn.send.prefetch,
  swaps: (cairn) => cairn.swap.prefetch,
  onramp: (cairn) => cairn.onramp.prefetch,
};

/** SPEC §9: the wallet features on Account, in their order, as the rule lists them. */
export function WalletFeatureButtons() {
  const cairn = useCairnInstance('WalletFeatureButtons');
  const { t } = useT();
  const { activeCaipNetworkId } = useStoreState(cairn.stores.network);
  const features = walletFeaturesFor({ switches: cairn.options.features, activeCaipNetworkId, swapNetworks: cairn.options.swapNetworks });
  const shown = features.flatMap((feature) => {
    const { label, view } = FEATURE_VIEWS[feature];
    return view ? [{ feature, label, view }] : [];
  });
  if (shown.length === 0) return null;
  return (
    <div className="wallet-features">
      {shown.map(({ feature, label, view }) => (
        <button
          key={feature}
          type="button"
          className="wallet-feature"
          data-testid={`wallet-feature-${feature}`}
          // The feature's code is fetched on intent, before the click.
          onPointerEnter={PREFETCH[feature]?.(cairn)}
          onFocus={PREFETCH[feature]?.(cairn)}
          onClick={() => cairn.stores.router.push(view)}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}
