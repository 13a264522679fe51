import type { Translate } from '@cairn/core/rules';
import { useMemo } from 'react';
import { useCairnInstance } from '../context.ts';
import { useStoreState } from '../hooks/useStoreState.ts';
import { isRightToLeft, type SupportedLocale } from './locales.ts';
import { messagesOf, translatorFor } from './messages.ts';

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
  const t = useMemo(() => translatorFor(catalogue), [catalogue]);
  return { t, locale, dir: isRightToLeft(locale) ? 'rtl' : 'ltr' };
}

/** Names a text of the modal's own, by its id, kept in a constant for `t(constant)` later; the build puts its English in its place. */
export const msg = <T extends string>(text: T): T => text;
