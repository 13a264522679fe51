import type { ConnectorListItem, ConnectorSection } from '@cairn/core/internal';
import { useId } from 'react';
import { WalletIcon } from './WalletIcon.tsx';

// The small tag beside a wallet's name, per Connect-view section.
const SECTION_TAGS: Partial<Record<ConnectorSection, string>> = {
  recent: 'Recent',
  announced: 'Installed',
  injected: 'Browser',
  walletConnect: 'QR Code',
};

export interface WalletRowProps {
  item: ConnectorListItem;
  onSelect(): void;
}

/** One wallet in the Connect list. Its accessible name is the wallet's name; the tag describes it. */
export function WalletRow({ item, onSelect }: WalletRowProps) {
  const { connector, section } = item;
  const tagId = useId();
  const tag = SECTION_TAGS[section];
  return (
    <button
      type="button"
      className="row"
      data-testid={`wallet-${connector.id}`}
      aria-label={connector.name}
      aria-describedby={tag ? tagId : undefined}
      onClick={onSelect}
    >
      <WalletIcon src={connector.imageUrl} />
      <span className="row-name">{connector.name}</span>
      {tag && (
        <span className="tag" id={tagId} data-section={section}>
          {tag}
        </span>
      )}
    </button>
  );
}
