import type { Translate } from '@cairn/core/rules';
import { screenElement } from './approvalScreen.ts';

/**
 * A printed code as it is read and written down: its groups of four side by side, in two rows. The
 * dashes stay in its text but take no room; the code reads back the same with or without them.
 */
export function recoveryCodeBlock(code: string): HTMLOutputElement {
  const shown = screenElement('output', undefined, { 'data-recovery-code': '', class: 'recovery-code' });
  code.split('-').forEach((group, index) => {
    if (index > 0) shown.append(screenElement('span', '-', { class: 'dash' }));
    shown.append(screenElement('span', group, { class: 'group' }));
  });
  return shown;
}

/**
 * A new wallet's printed code and 'I have saved it' (the user's click only), one renderer for the
 * frame's inline screen and the approval window (session 25). `warning` adds, above the code, that
 * no one will ever ask for it (the window's words; the inline screen keeps its own).
 */
export function recoveryCodeSaving(code: string, t: Translate, saved: () => void, options: { warning?: boolean } = {}): HTMLElement[] {
  const button = screenElement('button', t('recovery.iHaveSavedIt'), { type: 'button', class: 'primary saved' });
  button.addEventListener('click', (event) => {
    if (event.isTrusted) saved();
  });
  const warning = options.warning ? [screenElement('p', t('recovery.noOneWillAskForIt'), { class: 'warning', 'data-recovery-code-warning': '' })] : [];
  return [screenElement('p', t('recovery.writeItDownAnd')), ...warning, recoveryCodeBlock(code), button];
}
