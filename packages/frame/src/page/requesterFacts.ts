import type { Translate } from '@cairn/core/rules';
import type { FoundDeviceRequest } from '@cairn/core/internal';

export type Requester = FoundDeviceRequest['requester'];

/** The browser that asked, as its User-Agent claims it ('Chrome on Linux'), or that it named none. */
export function requesterName({ browser, system }: Requester, t: Translate): string {
  if (browser && system) return t('devicesRequester.browserOnSystem', { browser, system });
  if (browser) return t('devicesRequester.browserOnAnUnknownSystem', { browser });
  if (system) return t('devicesRequester.aBrowserOnSystem', { system });
  return t('devicesRequester.anUnknownBrowser');
}

/** When it asked, from the server's time: a clock of this device's that runs behind says 'just now', never a time to come. */
export function requesterAsked(createdAt: string, now: number, t: Translate): string {
  const minutes = Math.floor((now - Date.parse(createdAt)) / 60_000);
  if (!(minutes >= 1)) return t('devicesRequester.askedJustNow');
  if (minutes === 1) return t('devicesRequester.askedAMinuteAgo');
  return t('devicesRequester.askedMinutesAgo', { minutes });
}

/**
 * What the devices screen and the approval window say of a found request (session 25): 'Chrome on
 * Linux, asked 2 minutes ago, from another network than this device'. The browser is the
 * requester's claim; the network is the server's comparison of the two devices' addresses.
 */
export function requesterFacts(requester: Requester, createdAt: string, now: number, t: Translate): string {
  const network = requester.sameNetwork ? t('devicesRequester.fromTheSameNetwork') : t('devicesRequester.fromAnotherNetwork');
  return t('devicesRequester.facts', { device: requesterName(requester, t), asked: requesterAsked(createdAt, now, t), network });
}
