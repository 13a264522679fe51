/**
 * The languages Cairn speaks (issue 17): the modal's and the secure frame's screens alike (issue 27).
 * English is built in; each renderer loads its other catalogues on use.
 */
export const SUPPORTED_LOCALES = ['en', 'es', 'de', 'fr', 'ja', 'zh-CN', 'ko', 'pt-BR', 'tr', 'ru', 'ar'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** A catalogue: English text (with `{name}` placeholders) to the same text in another language. */
export type Catalogue = Readonly<Record<string, string>>;

export const isSupportedLocale = (value: unknown): value is SupportedLocale => (SUPPORTED_LOCALES as readonly unknown[]).includes(value);

/** The supported locale closest to a BCP 47 tag: exact, then by language (zh → zh-CN, pt → pt-BR), else English. */
export function matchLocale(requested: string | undefined): SupportedLocale {
  if (!requested) return 'en';
  const lower = requested.toLowerCase();
  const exact = SUPPORTED_LOCALES.find((locale) => locale.toLowerCase() === lower);
  if (exact) return exact;
  const language = lower.split('-')[0];
  return SUPPORTED_LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? 'en';
}

export const isRightToLeft = (locale: SupportedLocale) => locale === 'ar';

/** The language the widget shows (and asks the secure frame to show): the site's `locale`, else the browser's. */
export const widgetLocale = (siteLocale: string | undefined): SupportedLocale => matchLocale(siteLocale ?? (typeof navigator === 'undefined' ? undefined : navigator.language));
