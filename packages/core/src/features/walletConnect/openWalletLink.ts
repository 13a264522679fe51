/**
 * Opens a wallet's deep link. A custom scheme (`rainbow://...`) is handed to the OS from this
 * page, which stays; an https universal link opens in a new tab, so the site is not navigated away
 * when the app is not installed.
 */
export function openWalletLink(href: string): void {
  if (typeof window === 'undefined') return;
  if (/^https?:/i.test(href)) window.open(href, '_blank', 'noopener,noreferrer');
  else window.location.href = href;
}
