import { createStore, type Cairn } from '@cairn/core';
import { fill, translate, widgetLocale, type Translate } from '@cairn/core/rules';
import { useCallback } from 'react';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { CATALOGUE_LOADERS, isRightToLeft, type Catalogue, type SupportedLocale } from './locales.ts';

type Messages = { locale: SupportedLocale; catalogue: Catalogue | undefined };
const stores = new WeakMap<Cairn, ReturnType<typeof createStore<Messages>>>();

/**
 * Per instance: the active locale and its catalogue. Rendering starts in English (the server's
 * render and the client's first are the same), then the catalogue arrives and the modal re-renders.
 */
function messagesOf(cairn: Cairn) {
  let store = stores.get(cairn);
  if (!store) {
    const locale = widgetLocale(cairn.options.locale);
    store = createStore<Messages>({ locale: 'en', catalogue: undefined });
    stores.set(cairn, store);
    if (locale !== 'en') {
      const messages = store;
      CATALOGUE_LOADERS[locale]()
        .then((module) => messages.set({ locale, catalogue: module.default }))
        .catch((error: unknown) => console.warn(`[cairn] the ${locale} messages could not load; showing English`, error));
    }
  }
  return store;
}

export { translate, fill, type Translate } from '@cairn/core/rules';

/**
 * The modal's one way to show text: `t(id, { placeholders })` for a text of the modal's own (its id
 * in `en.json`; the build puts the English text in its place), `t(text)` for a text the core made (translated by its English),
 * in the active language (English until its catalogue has loaded; a text no catalogue knows, e.g. a
 * server's reason, as it is).
 */
export function useT(): { t: Translate; locale: SupportedLocale; dir: 'ltr' | 'rtl' } {
  const cairn = useCairnInstance('useT');
  const { locale, catalogue } = useStoreState(messagesOf(cairn));
  const t = useCallback<Translate>((text, values) => fill(translate(catalogue, text), values), [catalogue]);
  return { t, locale, dir: isRightToLeft(locale) ? 'rtl' : 'ltr' };
}

/** Names a text of the modal's own, by its id, kept in a constant for `t(constant)` later; the build puts its English in its place. */
export const msg = <T extends string>(text: T): T => text;
