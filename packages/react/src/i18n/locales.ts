/** The languages the modal speaks (issue 17); English is built in, the others load on use. */
export const SUPPORTED_LOCALES = ['en', 'es', 'de', 'fr', 'ja', 'zh-CN', 'ko', 'pt-BR', 'tr', 'ru', 'ar'] as const;
export type SupportedLocale = (typeof SUPPORTED_LOCALES)[number];

/** A catalogue: English text (with `{name}` placeholders) to the same text in another language. */
export type Catalogue = Readonly<Record<string, string>>;

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

/** Each catalogue is a chunk of its own: only the active one is fetched. */
export const CATALOGUE_LOADERS: Record<Exclude<SupportedLocale, 'en'>, () => Promise<{ default: Catalogue }>> = {
  es: () => import('./catalogues/es.ts'),
  de: () => import('./catalogues/de.ts'),
  fr: () => import('./catalogues/fr.ts'),
  ja: () => import('./catalogues/ja.ts'),
  'zh-CN': () => import('./catalogues/zh-CN.ts'),
  ko: () => import('./catalogues/ko.ts'),
  'pt-BR': () => import('./catalogues/pt-BR.ts'),
  tr: () => import('./catalogues/tr.ts'),
  ru: () => import('./catalogues/ru.ts'),
  ar: () => import('./catalogues/ar.ts'),
};
