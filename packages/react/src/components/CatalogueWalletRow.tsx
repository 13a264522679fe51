import type { WalletListItem } from '@cairn/core';
import type { CatalogueTag } from '@cairn/core/rules';
import { memo, useId } from 'react';
import { WalletIcon } from './WalletIcon.tsx';
import { msg, useT } from '../i18n/useT.ts';

const TAG_TEXT: Record<CatalogueTag, string> = { installed: msg('common.installed'), recent: msg('common.recent'), featured: msg('catalogueWalletRow.featured') };
const ICON_SIZE = 40;

export interface CatalogueWalletRowProps {
  /** The wallet and its tag apart (not one object made per render), so a row that stays on screen while the list scrolls is not rendered again. */
  wallet: WalletListItem;
  tag: CatalogueTag | undefined;
  /** The logo on the site's server (GET /getWalletImage/{image_id}). */
  imageUrl: string | undefined;
  onSelect(wallet: WalletListItem): void;
  disabled?: boolean;
}

/**
 * One wallet of the catalogue. Its accessible name is the wallet's name; the tag (Installed,
 * Recent, Featured) describes it. The logo loads lazily: a long list fetches only what is seen.
 */
export const CatalogueWalletRow = memo(function CatalogueWalletRow({ wallet, tag, imageUrl, onSelect, disabled = false }: CatalogueWalletRowProps) {
  const tagId = useId();
  const { t } = useT();
  return (
    <button
      type="button"
      className="row"
      data-testid={`catalogue-wallet-${wallet.id}`}
      aria-label={wallet.name}
      aria-describedby={tag ? tagId : undefined}
      disabled={disabled}
      onClick={() => onSelect(wallet)}
    >
      <WalletIcon src={imageUrl} size={ICON_SIZE} lazy />
      <span className="row-name">{wallet.name}</span>
      {tag && (
        <span className="tag" id={tagId} data-tag={tag}>
          {t(TAG_TEXT[tag])}
        </span>
      )}
    </button>
  );
});
