import { describe, expect, it } from 'vitest';
import { parseWalletPage } from '../api/walletCatalogueApi.ts';
import { catalogueWallet } from '../testing/catalogueWallet.ts';
import { isWalletListItem } from './isWalletListItem.ts';

describe('isWalletListItem', () => {
  it('accepts a catalogue wallet as the store holds it, whatever else it carries', () => {
    expect(isWalletListItem(catalogueWallet('me.rainbow', { mobile_link: 'rainbow://', walletconnect_uri_templates: ['rainbow://wc?uri={uri}'] }))).toBe(true);
    expect(isWalletListItem({ ...catalogueWallet('me.rainbow'), order: 3 })).toBe(true);
  });

  it('accepts every wallet the server client put in the store, even one it mended', () => {
    const { data } = parseWalletPage({
      data: [
        { id: 'me.rainbow', name: ' Rainbow ', image_id: 'me.rainbow', rdns: 'me.rainbow', chains: ['eip155:1'], mobile_link: 'javascript:alert(1)', order: 1 },
        { id: 'io.metamask', name: 'MetaMask', image_id: 'io.metamask', walletconnect_uri_templates: ['metamask://wc?uri={uri}'] },
      ],
      count: 2,
    });
    expect(data).toHaveLength(2);
    expect(data.every(isWalletListItem)).toBe(true);
  });

  it('refuses what a view could not render', () => {
    expect(isWalletListItem(undefined)).toBe(false);
    expect(isWalletListItem('me.rainbow')).toBe(false);
    expect(isWalletListItem({ id: 'me.rainbow', name: 'Rainbow' })).toBe(false);
    expect(isWalletListItem(catalogueWallet('x', { walletconnect_uri_templates: 'rainbow://' as unknown as string[] }))).toBe(false);
    expect(isWalletListItem(catalogueWallet('x', { mobile_link: 42 as unknown as string }))).toBe(false);
    expect(isWalletListItem(catalogueWallet(''))).toBe(false);
  });

  it('refuses what the server schema refuses: an id outside the allowed characters, an empty name', () => {
    expect(isWalletListItem(catalogueWallet('bad id with spaces'))).toBe(false);
    expect(isWalletListItem(catalogueWallet('me.rainbow', { image_id: '../logo' }))).toBe(false);
    expect(isWalletListItem(catalogueWallet('me.rainbow', { name: '' }))).toBe(false);
    expect(isWalletListItem(catalogueWallet('me.rainbow', { name: '   ' }))).toBe(false);
  });

  it('refuses a wallet the schema would have to mend: a link that runs code, a template without {uri}', () => {
    expect(isWalletListItem(catalogueWallet('me.rainbow', { mobile_link: 'javascript:alert(1)' }))).toBe(false);
    expect(isWalletListItem(catalogueWallet('me.rainbow', { webapp_link: 'data:text/html,<script>' }))).toBe(false);
    expect(isWalletListItem(catalogueWallet('me.rainbow', { walletconnect_uri_templates: ['rainbow://wc'] }))).toBe(false);
    expect(isWalletListItem(catalogueWallet('me.rainbow', { name: ' Rainbow ' }))).toBe(false);
  });
});
