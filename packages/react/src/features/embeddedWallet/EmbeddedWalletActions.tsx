import { useCairnInstance } from '../../context.ts';
import { DevicesButton } from './DevicesButton.tsx';
import { ExportWalletButton } from './ExportWalletButton.tsx';
import { UpdateEmailButton } from './UpdateEmailButton.tsx';

/** On Account above Disconnect, when the site configures the secure frame: change the login's e-mail, its devices, export its key. */
export function EmbeddedWalletActions() {
  const cairn = useCairnInstance('EmbeddedWalletActions');
  if (!cairn.options.embeddedWallet) return null;
  return (
    <>
      <UpdateEmailButton />
      <DevicesButton />
      <ExportWalletButton />
    </>
  );
}
