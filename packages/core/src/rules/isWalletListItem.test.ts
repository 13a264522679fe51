import { describe, expect, it } from 'vitest';
import { catalogueWallet } from '../testing/catalogueWallet.ts';
import { isWalletListItem } from './isWalletListItem.ts';

describe('isWalletListItem', () => {
  it('accepts a catalogue wallet', () => {
    expect(isWalletListItem(catalogueWallet('me.rainbow', { mobile_link: 'rainbow://', walletconnect_uri_templates: ['rainbow://wc?uri={uri}'] }))).toBe(true);
  });

  it('refuses what a view could not render', () => {
    expect(isWalletListItem(undefined)).toBe(false);
    expect(isWalletListItem('me.rainbow')).toBe(false);
    expect(isWalletListItem({ id: 'me.rainbow', name: 'Rainbow' })).toBe(false);
    expect(isWalletListItem(catalogueWallet('x', { walletconnect_uri_templates: 'rainbow://' as unknown as string[] }))).toBe(false);
    expect(isWalletListItem(catalogueWallet('x', { mobile_link: 42 as unknown as string }))).toBe(false);
    expect(isWalletListItem(catalogueWallet(''))).toBe(false);
  });
});
