import { walletFeaturesFor } from '@cairn/core/rules';
import { useCairnInstance } from '../context.ts';
import { FEATURE_UI, FEATURE_VIEWS } from '../features/features.ts';
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
      {shown.map(({ feature, label, view, prefetch }) => {
        // The feature's code and its view's chunk are fetched on intent, before the click.
        const warm = () => {
          prefetch?.(cairn);
          FEATURE_VIEWS[view]?.component.preload?.();
        };
        return (
          <button
            key={feature}
            type="button"
            className="wallet-feature"
            data-testid={`wallet-feature-${feature}`}
            onPointerEnter={warm}
            onFocus={warm}
            onClick={() => cairn.stores.router.push(view)}
          >
            {t(label)}
          </button>
        );
      })}
    </div>
  );
}
