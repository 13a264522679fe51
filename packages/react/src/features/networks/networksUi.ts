import { msg } from '../../i18n/useT.ts';
import { UnavailableView } from '../../views/UnavailableView.tsx';
import type { FeatureUi } from '../featureUi.ts';
import { lazyView } from '../lazyView.ts';

/** Networks: the list to switch to, and UnsupportedChain (SPEC §2). */
export const networksUi = {
  views: {
    Networks: { title: () => msg('networks.chooseNetwork'), component: lazyView(() => import('./NetworksView.tsx')), follows: ['Account'] },
    UnsupportedChain: { title: () => msg('networks.switchNetwork'), component: lazyView(() => import('./UnsupportedChainView.tsx')), follows: ['ConnectingExternal', 'Account'] },
    // A site may open it by name; the modal has no screen of its own for it yet.
    SwitchNetwork: { title: () => msg('networks.switchNetwork'), component: UnavailableView },
  },
} satisfies FeatureUi;
