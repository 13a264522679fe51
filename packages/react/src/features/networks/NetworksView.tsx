import { NetworkList } from './NetworkList.tsx';
import { useCairnInstance } from '../../context.ts';

/** Choose among the requested networks; on success go back where the visitor came from. */
export default function NetworksView() {
  const cairn = useCairnInstance('NetworksView');
  const { router } = cairn.stores;
  return (
    <NetworkList
      onSwitched={() => {
        if (router.current().view !== 'Networks') return;
        // Opened straight on Networks (nothing to go back to): the task is done, so close.
        if (!router.goBack()) cairn.close();
      }}
    />
  );
}
