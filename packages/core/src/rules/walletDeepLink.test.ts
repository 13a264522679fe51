import { describe, expect, it } from 'vitest';
import type { WalletListItem } from '../types.ts';
import { walletConnectLinks } from './walletDeepLink.ts';
import { catalogueWallet } from '../testing/catalogueWallet.ts';

const URI = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1705667684';
const ENCODED = encodeURIComponent(URI);

const wallet = (overrides: Partial<WalletListItem>): WalletListItem => catalogueWallet('example.wallet', { name: 'Example', ...overrides });

describe('walletConnectLinks', () => {
  it("uses the wallet's own URI template on a phone, with the URI encoded", () => {
    const links = walletConnectLinks(wallet({ mobile_link: 'metamask://', walletconnect_uri_templates: ['https://metamask.app.link/wc?uri={uri}'] }), URI, 'mobile');
    expect(links[0]).toEqual({ kind: 'mobile', href: `https://metamask.app.link/wc?uri=${ENCODED}` });
    expect(decodeURIComponent(new URL(links[0]!.href).searchParams.get('uri')!)).toBe(decodeURIComponent(ENCODED));
  });

  it('appends wc?uri= to a native scheme and to a universal link', () => {
    expect(walletConnectLinks(wallet({ mobile_link: 'rainbow://' }), URI, 'mobile')[0]!.href).toBe(`rainbow://wc?uri=${ENCODED}`);
    expect(walletConnectLinks(wallet({ mobile_link: 'https://link.trustwallet.com' }), URI, 'mobile')[0]!.href).toBe(
      `https://link.trustwallet.com/wc?uri=${ENCODED}`,
    );
    expect(walletConnectLinks(wallet({ mobile_link: 'trust:' }), URI, 'mobile')[0]!.href).toBe(`trust://wc?uri=${ENCODED}`);
  });

  it('offers the desktop app, then the web app, on a desktop', () => {
    const links = walletConnectLinks(wallet({ mobile_link: 'ex://', desktop_link: 'exdesktop://', webapp_link: 'https://app.example.com' }), URI, 'desktop');
    expect(links).toEqual([
      { kind: 'desktop', href: `exdesktop://wc?uri=${ENCODED}` },
      { kind: 'webapp', href: `https://app.example.com/wc?uri=${ENCODED}` },
    ]);
  });

  it('gives no link for a wallet without any, and never a script URL', () => {
    expect(walletConnectLinks(wallet({}), URI, 'mobile')).toEqual([]);
    expect(walletConnectLinks(wallet({ walletconnect_uri_templates: ['javascript:alert({uri})'] }), URI, 'mobile')).toEqual([]);
    expect(walletConnectLinks(wallet({ webapp_link: 'data:text/html,hi' }), URI, 'desktop')).toEqual([]);
  });
});
