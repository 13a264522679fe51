import type { Catalogue, SupportedLocale } from '@cairn/core/rules';

/**
 * The frame's own screens (approval, recovery, export) in the widget's languages (issue 27): one
 * catalogue per language the widget speaks, `catalogues/<locale>.ts`, each a chunk of the frame
 * page (Vite splits the folder) fetched only when the site's widget asks for it. A catalogue names
 * the frame's texts by id (`en.json` holds their English, its tables' texts under
 * `<table>.<key>`; the build turns the ids into it, so the loaded catalogue is keyed by English);
 * frameCatalogues.test.ts checks each language has them all.
 */
export async function loadFrameCatalogue(locale: Exclude<SupportedLocale, 'en'>): Promise<Catalogue> {
  const module = (await import(`./catalogues/${locale}.ts`)) as { default: Catalogue };
  return module.default;
}
