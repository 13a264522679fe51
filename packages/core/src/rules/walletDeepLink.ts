import type { WalletListItem } from '../types.ts';
import type { Platform } from './platform.ts';

export type WalletLinkKind = 'mobile' | 'desktop' | 'webapp';

export interface WalletLink {
  kind: WalletLinkKind;
  href: string;
}

const PLACEHOLDER = '{uri}';

/**
 * `<base>/wc?uri=<encoded>`. A base without a scheme separator (`rainbow:` or `trust`) is read
 * as a bare scheme, as wallets register them inconsistently.
 */
function appendWalletConnectPath(base: string, encodedUri: string): string {
  const withScheme = base.includes('://') ? base : `${base.replaceAll('/', '').replaceAll(':', '')}://`;
  const withSlash = withScheme.endsWith('/') ? withScheme : `${withScheme}/`;
  return `${withSlash}wc?uri=${encodedUri}`;
}

function fromTemplate(template: string, encodedUri: string): string | undefined {
  return template.includes(PLACEHOLDER) ? template.replaceAll(PLACEHOLDER, encodedUri) : undefined;
}

/**
 * The links that open a catalogue wallet with a WalletConnect URI, best first. On a phone: the
 * wallet's own URI template (`{uri}` is the URL-encoded URI), else its app link (`mobile_link`,
 * native scheme or universal link), else its web app. On a desktop: its desktop app, then its web app.
 */
export function walletConnectLinks(wallet: WalletListItem, uri: string, platform: Platform): WalletLink[] {
  const encodedUri = encodeURIComponent(uri);
  const links: WalletLink[] = [];
  if (platform === 'mobile') {
    const templated = wallet.walletconnect_uri_templates.map((template) => fromTemplate(template, encodedUri)).find(Boolean);
    if (templated) links.push({ kind: 'mobile', href: templated });
    else if (wallet.mobile_link) links.push({ kind: 'mobile', href: appendWalletConnectPath(wallet.mobile_link, encodedUri) });
  } else if (wallet.desktop_link) {
    links.push({ kind: 'desktop', href: appendWalletConnectPath(wallet.desktop_link, encodedUri) });
  }
  if (wallet.webapp_link) links.push({ kind: 'webapp', href: appendWalletConnectPath(wallet.webapp_link, encodedUri) });
  return links.filter((link) => isOpenableLink(link.href));
}

// A link from the catalogue must never run script in the page.
function isOpenableLink(href: string): boolean {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(href)?.[1]?.toLowerCase();
  return scheme !== undefined && !['javascript', 'data', 'vbscript', 'file', 'blob'].includes(scheme);
}
