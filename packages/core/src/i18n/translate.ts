import type { Catalogue } from './locales.ts';

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

/** A catalogue's `t(text, { placeholders })`; English (the text itself, filled) without one. */
export const translator =
  (catalogue: Catalogue | undefined): Translate =>
  (text, values) =>
    fill(translate(catalogue, text), values);

/** Placeholders' names in a text, sorted: a translation keeps exactly its English text's. */
export const placeholdersOf = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();
