import { whenIdle } from '@cairn/core/internal';
import type { Eip6963ProviderDetail } from './eip1193.ts';
import { isEip1193Provider } from './eip1193.ts';

const ANNOUNCE = 'eip6963:announceProvider';
const REQUEST = 'eip6963:requestProvider';
// RFC 1034-style reverse DNS: at least two labels.
const RDNS = /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;
const MAX_ICON_LENGTH = 300_000;

/**
 * EIP-6963: info.uuid, name, icon (an RFC 2397 data URI) and rdns are required, and provider
 * must be EIP-1193. Anything else on the page dispatching the event is ignored.
 */
export function isValidProviderDetail(detail: unknown): detail is Eip6963ProviderDetail {
  if (typeof detail !== 'object' || detail === null) return false;
  const { info, provider } = detail as Partial<Eip6963ProviderDetail>;
  if (typeof info !== 'object' || info === null || !isEip1193Provider(provider)) return false;
  const { uuid, name, icon, rdns } = info;
  return (
    typeof uuid === 'string' &&
    uuid.length > 0 &&
    typeof name === 'string' &&
    name.trim().length > 0 &&
    name.length <= 100 &&
    typeof icon === 'string' &&
    icon.startsWith('data:image/') &&
    icon.length <= MAX_ICON_LENGTH &&
    typeof rdns === 'string' &&
    RDNS.test(rdns)
  );
}

export interface AnnouncedWallets {
  list(): readonly Eip6963ProviderDetail[];
  /** Asks wallets to announce again (EIP-6963: they must answer every request). */
  request(): void;
  stop(): void;
}

/** How long the request may wait for the browser to be idle while the page loads. */
const LOADING_REQUEST_DELAY_MS = 200;

/**
 * DApp side of EIP-6963: the listener is added before the request is dispatched and kept for
 * the page's life. One entry per rdns; a wallet announcing again replaces its entry.
 */
export function watchAnnouncedWallets(target: Window, onChange: (list: readonly Eip6963ProviderDetail[]) => void): AnnouncedWallets {
  const byRdns = new Map<string, Eip6963ProviderDetail>();
  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail;
    if (!isValidProviderDetail(detail)) return;
    const previous = byRdns.get(detail.info.rdns);
    if (previous && previous.info.uuid === detail.info.uuid && previous.provider === detail.provider) return;
    byRdns.set(detail.info.rdns, { info: { ...detail.info }, provider: detail.provider });
    onChange([...byRdns.values()]);
  };
  target.addEventListener(ANNOUNCE, onAnnounce);
  const request = () => target.dispatchEvent(new Event(REQUEST));
  // Issue 29: while the page is still loading, the wallets are asked once the browser is idle,
  // after its first paint, so that their answers (their code and ours) do not delay it; a wallet
  // announcing on its own is heard at once, and waitForConnector asks again without waiting.
  const loading = (target as Partial<Window>).document?.readyState;
  let cancelRequest = () => {};
  if (loading === 'loading' || loading === 'interactive') cancelRequest = whenIdle(request, LOADING_REQUEST_DELAY_MS);
  else request();
  return {
    list: () => [...byRdns.values()],
    request,
    stop: () => {
      cancelRequest();
      target.removeEventListener(ANNOUNCE, onAnnounce);
    },
  };
}
