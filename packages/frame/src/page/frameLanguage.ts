import { isRightToLeft, translator, type SupportedLocale, type Translate } from '@cairn/core/rules';
import { loadFrameCatalogue } from '../i18n/frameCatalogues.ts';

export interface FrameLanguage {
  /** The active language's text for an English text (English until a catalogue is in). */
  t: Translate;
  /** Switches to the widget's language: its catalogue loaded, the page's `lang` and `dir` set; English if it cannot load. */
  use(locale: SupportedLocale): Promise<void>;
}

/** The frame page's language: English first, then the one the widget names in SYNC_DAPP_DATA. */
export function frameLanguage(page: HTMLElement): FrameLanguage {
  let current = translator(undefined);
  const apply = (locale: SupportedLocale, t: Translate) => {
    current = t;
    page.lang = locale;
    page.dir = isRightToLeft(locale) ? 'rtl' : 'ltr';
  };
  return {
    t: (text, values) => current(text, values),
    use: async (locale) => {
      if (locale === 'en') return apply(locale, translator(undefined));
      try {
        apply(locale, translator(await loadFrameCatalogue(locale)));
      } catch (error) {
        console.warn(`[cairn frame] the ${locale} texts could not load; showing English`, error);
        apply('en', translator(undefined));
      }
    },
  };
}
