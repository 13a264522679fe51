import { describe, expect, it } from 'vitest';
import { isWalletListItem } from '../rules/isWalletListItem.ts';
import { readCustomWallets } from './customWallets.ts';

const trail = { id: 'org.trailhead.wallet', name: 'Trail Wallet', image_url: 'https://trailhead.example/wallet.png', mobile_link: 'trailwallet://', webapp_link: 'https://wallet.trailhead.example' };

describe('readCustomWallets (the site\'s customWallets)', () => {
  it('holds each as a catalogue wallet, its logo beside it', () => {
    const [entry] = readCustomWallets([trail]);
    expect(entry).toEqual({
      wallet: expect.objectContaining({
        id: 'org.trailhead.wallet',
        name: 'Trail Wallet',
        image_id: 'custom:org.trailhead.wallet',
        mobile_link: 'trailwallet://',
        webapp_link: 'https://wallet.trailhead.example',
        desktop_link: null,
        rdns: null,
      }),
      imageUrl: 'https://trailhead.example/wallet.png',
    });
    // What selectWallet accepts: it connects as a catalogue wallet does.
    expect(isWalletListItem(entry!.wallet)).toBe(true);
  });

  it('is empty when not given', () => {
    expect(readCustomWallets(undefined)).toEqual([]);
  });

  it.each([
    ['not a list', { id: 'a' }, '`customWallets` must be a list'],
    ['a wallet that is not an object', ['x'], '`customWallets[0]` must be an object'],
    ['a bad id', [{ ...trail, id: 'has space' }], '`customWallets[0]`.id must be'],
    ['an id twice', [trail, trail], '`customWallets[1]`.id "org.trailhead.wallet" is listed twice'],
    ['no name', [{ ...trail, name: ' ' }], '`customWallets[0]`.name must be'],
    ['a script link', [{ ...trail, mobile_link: 'javascript:alert(1)' }], '`customWallets[0]`.mobile_link must be a link'],
    ['a link that is not text', [{ ...trail, webapp_link: 42 }], '`customWallets[0]`.webapp_link must be a link'],
    ['a logo that is not an image URL', [{ ...trail, image_url: 'javascript:alert(1)' }], '`customWallets[0]`.image_url must be'],
    ['a bad rdns', [{ ...trail, rdns: 'not an rdns' }], '`customWallets[0]`.rdns must be'],
    ['a field of its own', [{ ...trail, imageUrl: 'https://x.example/a.png' }], 'unknown field `imageUrl`'],
  ])('names the mistake: %s', (_case, value, text) => {
    expect(() => readCustomWallets(value)).toThrow(text);
  });
});
