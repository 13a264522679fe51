import { walletFeaturesFor } from '@cairn/core/rules';
import { useCairnInstance } from '../context.ts';
import { FEATURE_UI } from '../features/features.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { useT } from '../i18n/useT.ts';

// A feature is built when a feature of the table offers its button; the rule lists the others never.
const BUTTONS = FEATURE_UI.flatMap((feature) => (feature.walletFeature ? [feature.walletFeature] : []));
const BUILT = BUTTONS.map((button) => button.feature);

/** SPEC §9: the wallet features on Account, in their order, as the rule lists them. */
export function WalletFeatureButtons() {
  const cairn = useCairnInstance('WalletFeatureButtons');
  const { t } = useT();
  const { activeCaipNetworkId } = useStoreState(cairn.stores.network);
  const features = walletFeaturesFor({ switches: cairn.options.features, activeCaipNetworkId, swapNetworks: cairn.options.swapNetworks, built: BUILT });
  const shown = features.flatMap((feature) => BUTTONS.filter((button) => button.feature === feature));
  if (shown.length === 0) return null;
  return (
    <div className="wallet-features">
      {shown.map(({ feature, label, view, prefetch }) => (
        <button
          key={feature}
          type="button"
          className="wallet-feature"
          data-testid={`wallet-feature-${feature}`}
          // The feature's code is fetched on intent, before the click.
          onPointerEnter={prefetch && (() => prefetch(cairn))}
          onFocus={prefetch && (() => prefetch(cairn))}
          onClick={() => cairn.stores.router.push(view)}
        >
          {t(label)}
        </button>
      ))}
    </div>
  );
}
