import { createStore, type Cairn } from '@cairn/core';
import { useCallback } from 'react';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { CATALOGUE_LOADERS, isRightToLeft, matchLocale, type Catalogue, type SupportedLocale } from './locales.ts';

type Messages = { locale: SupportedLocale; catalogue: Catalogue | undefined };
const stores = new WeakMap<Cairn, ReturnType<typeof createStore<Messages>>>();

/** The browser's language, when there is a browser. */
const browserLanguage = () => (typeof navigator === 'undefined' ? undefined : navigator.language);

/**
 * Per instance: the active locale and its catalogue. Rendering starts in English (the server's
 * render and the client's first are the same), then the catalogue arrives and the modal re-renders.
 */
function messagesOf(cairn: Cairn) {
  let store = stores.get(cairn);
  if (!store) {
    const requested = cairn.options.locale ?? browserLanguage();
    const locale = matchLocale(requested);
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

export type Translate = (text: string, values?: Readonly<Record<string, string | number>>) => string;

const templatesOf = new WeakMap<Catalogue, { pattern: RegExp; names: string[]; key: string }[]>();

/**
 * A text in the catalogue's language: by its English text, or, for a text the core made from a
 * template ('Insufficient ETH balance' from 'Insufficient {symbol} balance'), by that template.
 */
export function translate(catalogue: Catalogue | undefined, text: string): string {
  if (!catalogue) return text;
  const exact = catalogue[text];
  if (exact !== undefined) return exact;
  let templates = templatesOf.get(catalogue);
  if (!templates) {
    templates = Object.keys(catalogue)
      .filter((key) => /\{\w+\}/.test(key))
      .map((key) => {
        const names = [...key.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);
        const source = key.split(/\{\w+\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('(.+?)');
        return { pattern: new RegExp(`^${source}$`), names, key };
      });
    templatesOf.set(catalogue, templates);
  }
  for (const { pattern, names, key } of templates) {
    const match = pattern.exec(text);
    if (match) return fill(catalogue[key]!, Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])));
  }
  return text;
}

/** `{name}` placeholders filled from `values`. */
export function fill(template: string, values: Readonly<Record<string, string | number>> | undefined): string {
  if (!values) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/**
 * The modal's one way to show text: `t('English text', { placeholders })` in the active language
 * (English until its catalogue has loaded; a text no catalogue knows, e.g. a server's reason, as it is).
 */
export function useT(): { t: Translate; locale: SupportedLocale; dir: 'ltr' | 'rtl' } {
  const cairn = useCairnInstance('useT');
  const { locale, catalogue } = useStoreState(messagesOf(cairn));
  const t = useCallback<Translate>((text, values) => fill(translate(catalogue, text), values), [catalogue]);
  return { t, locale, dir: isRightToLeft(locale) ? 'rtl' : 'ltr' };
}

/** Marks an English text kept in a constant for translation later (`t(constant)`); the catalogue test finds it. */
export const msg = <T extends string>(text: T): T => text;
