import type { ConnectorListItem, ConnectorSection } from '@cairn/core/rules';
import { WalletIcon } from './WalletIcon.tsx';
import { msg, useT } from '../i18n/useT.ts';

// The small tag beside a wallet's name, per Connect-view section.
const SECTION_TAGS: Partial<Record<ConnectorSection, string>> = {
  recent: msg('common.recent'),
  announced: msg('common.installed'),
  injected: msg('walletRow.browser'),
  walletConnect: msg('walletRow.qrCode'),
};

export interface WalletRowProps {
  item: ConnectorListItem;
  onSelect(): void;
  disabled?: boolean;
}

/** One wallet in the Connect list. Its accessible name is its visible text: the name, then the tag (WCAG 2.5.3). */
export function WalletRow({ item, onSelect, disabled = false }: WalletRowProps) {
  const { connector, section } = item;
  const tag = SECTION_TAGS[section];
  const { t } = useT();
  return (
    <button
      type="button"
      className="row"
      data-testid={`wallet-${connector.id}`}
      disabled={disabled}
      onClick={onSelect}
    >
      <WalletIcon src={connector.imageUrl} />
      <span className="row-name">{connector.name}</span>
      {tag && (
        <span className="tag" data-section={section}>
          <span className="sr-only">, </span>
          {t(tag)}
        </span>
      )}
    </button>
  );
}
