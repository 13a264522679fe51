import type { Catalogue, SupportedLocale } from '@cairn/core/rules';

export { SUPPORTED_LOCALES, matchLocale, isRightToLeft, type SupportedLocale, type Catalogue } from '@cairn/core/rules';

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
