/**
 * What a new device's request says about the browser that made it (session 25): a browser family and
 * a system from these closed lists, read from its User-Agent, or none. The header is the
 * requester's to write, so nothing of it is shown but a name from these lists: a made-up agent
 * can claim another browser, never put words on the person's screen.
 */
export const REQUESTER_BROWSERS = ['Chrome', 'Edge', 'Firefox', 'Safari', 'Opera', 'Samsung Internet'] as const;
export const REQUESTER_SYSTEMS = ['Windows', 'macOS', 'Linux', 'Android', 'iOS', 'ChromeOS'] as const;
export type RequesterBrowser = (typeof REQUESTER_BROWSERS)[number];
export type RequesterSystem = (typeof REQUESTER_SYSTEMS)[number];

export interface RequesterDevice {
  browser: RequesterBrowser | null;
  system: RequesterSystem | null;
}

/** The longest agent read: a longer one is no browser's (they stay under 500 characters). */
const MAX_USER_AGENT = 1024;

// First match wins: Edge, Opera and Samsung Internet also say Chrome, and Chrome also says Safari.
const BROWSER_TOKENS: [RegExp, RequesterBrowser][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\b(?:OPR|OPiOS)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(?:Firefox|FxiOS)\//, 'Firefox'],
  [/\b(?:Chrome|HeadlessChrome|Chromium|CriOS)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
// Android says Linux, iOS says Mac OS X: the narrower first.
const SYSTEM_TOKENS: [RegExp, RequesterSystem][] = [
  [/\bWindows NT\b/, 'Windows'],
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\b(?:Macintosh|Mac OS X)\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

const firstMatch = <T>(text: string, tokens: [RegExp, T][]): T | null => tokens.find(([pattern]) => pattern.test(text))?.[1] ?? null;

/** The browser family and system a User-Agent names, each null when it names none of the lists' (or is absent or too long). */
export function requesterDevice(userAgent: string | undefined): RequesterDevice {
  if (!userAgent || userAgent.length > MAX_USER_AGENT) return { browser: null, system: null };
  return { browser: firstMatch(userAgent, BROWSER_TOKENS), system: firstMatch(userAgent, SYSTEM_TOKENS) };
}
