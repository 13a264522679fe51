import { createStore, type Cairn } from '@cairn/core';
import { fill, translate, widgetLocale, type Translate } from '@cairn/core/rules';
import { CATALOGUE_LOADERS, type Catalogue, type SupportedLocale } from './locales.ts';

export type Messages = { locale: SupportedLocale; catalogue: Catalogue | undefined };
const stores = new WeakMap<Cairn, ReturnType<typeof createStore<Messages>>>();

/**
 * Per instance: the active locale and its catalogue. Rendering starts in English (the server's
 * render and the client's first are the same), then the catalogue arrives and the modal re-renders.
 * Reads only the instance's options, so it assembles nothing.
 */
export function messagesOf(cairn: Cairn) {
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

/**
 * The instance's catalogue if one has already arrived (another button of the page loaded it),
 * without choosing a locale or starting a load: the button's first paint (issue 29), which is in
 * English until then; the effect after it binds the language (bindTranslation).
 */
export const loadedCatalogue = (cairn: Cairn): Catalogue | undefined => stores.get(cairn)?.get().catalogue;

/** `t` for a catalogue (English without one). */
export const translatorFor =
  (catalogue: Catalogue | undefined): Translate =>
  (text, values) =>
    fill(translate(catalogue, text), values);

/** Hands `apply` the instance's `t` now and whenever its catalogue changes; returns the stop. */
export function bindTranslation(cairn: Cairn, apply: (t: Translate) => void): () => void {
  const store = messagesOf(cairn);
  let catalogue = store.get().catalogue;
  apply(translatorFor(catalogue));
  return store.subscribe(() => {
    if (store.get().catalogue === catalogue) return;
    catalogue = store.get().catalogue;
    apply(translatorFor(catalogue));
  });
}
