import type { Translate } from '@cairn/core/rules';
import { screenElement } from './approvalScreen.ts';

/**
 * The key export's phrase, one renderer for the frame's inline screen and the approval window
 * (session 24): the words, what they give whoever reads them, and Done (the user's click only).
 */
export function exportPhraseScreen(mnemonic: string, t: Translate, done: () => void): HTMLElement[] {
  const finished = screenElement('button', t('recovery.done'), { type: 'button', class: 'primary' });
  finished.addEventListener('click', (event) => {
    if (event.isTrusted) done();
  });
  return [screenElement('h1', t('recovery.yourRecoveryPhrase')), screenElement('p', t('recovery.anyoneWithTheseWords')), screenElement('output', mnemonic, { 'data-recovery-phrase': '' }), finished];
}
