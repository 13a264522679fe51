import { lazyModule, type Cairn } from '@cairn/core';
import { widgetLocale, type Translate } from '@cairn/core/rules';

/**
 * The language's store and catalogues (i18n/messages.ts, shared with the modal's views), a chunk
 * the buttons fetch after their first paint. Issue 29: imported statically, it kept three small
 * chunks (Rolldown's runtime, Vite's preload helper, createStore) apart from a site's entry: three
 * requests and a dozen main-thread tasks more before the button could paint.
 */
const messagesModule = lazyModule(() => import('../i18n/messages.ts'));

/** The first paint's language: a catalogue already loaded (another button brought it), else none: English. */
export function loadedTranslator(cairn: Cairn): Translate | undefined {
  const messages = messagesModule.loaded();
  const catalogue = messages?.loadedCatalogue(cairn);
  return catalogue && messages ? messages.translatorFor(catalogue) : undefined;
}

/**
 * Hands `apply` the language's `t` once its catalogue has loaded (and again if it changes); returns
 * the stop. English is the view's own text (the build puts it in place of the text ids), so a page
 * shown in English fetches nothing for it.
 */
export function bindButtonLanguage(cairn: Cairn, apply: (t: Translate) => void): () => void {
  if (widgetLocale(cairn.options.locale) === 'en') return () => {};
  let stopped = false;
  let stop = () => {};
  messagesModule.load().then(
    (messages) => {
      if (!stopped) stop = messages.bindTranslation(cairn, apply);
    },
    (error: unknown) => console.warn('[cairn] the button\'s language could not load; showing English', error),
  );
  return () => {
    stopped = true;
    stop();
  };
}
