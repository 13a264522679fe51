import type { FarcasterCheck } from '@cairn/core/internal';
import type { Translate } from '@cairn/core/rules';
import { gateReason } from '../signing/gateReason.ts';
import type { ScreenParts } from './devicesScreen.ts';

/**
 * The question before a Farcaster login (session 22): whose account answered the visitor's QR code.
 * Whoever saw the code and holds the relay key can answer first with his own account, so the screen
 * names the account by what the server proved: the name the name registry signed for that fid, or
 * the fid alone, said so. The app's display name is shown only as the app's words.
 *
 * Continue acts only through the approval gate (session 23), as the devices screen's buttons: an
 * allowed site could otherwise lay a decoy over the frame (another name over "Log in as @attacker?")
 * and steer the visitor's click onto Continue. The account shown and Continue are one region, seen
 * whole for the wait, and the pointer must have moved onto Continue; a refused click says why.
 * 'That is not me' takes a trusted click only: like the approval screen's Reject it is the safe
 * answer (the channel ends, no login is made), so a steered click on it costs the visitor a new QR
 * code, nothing more.
 */
export function farcasterConfirmScreen(
  account: FarcasterCheck,
  t: Translate,
  parts: Pick<ScreenParts, 'text' | 'button' | 'trustedClick' | 'gatedClick' | 'problemLine' | 'gateHint'>,
  done: (confirmed: boolean) => void,
): HTMLElement[] {
  const { text, button, trustedClick, gatedClick, problemLine } = parts;
  const question = account.username ? t('farcaster.logInAs', { name: account.username, fid: account.fid }) : t('farcaster.logInAsFid', { fid: account.fid });
  const title = text('h1', question);
  title.setAttribute('data-farcaster-account', account.username ?? '');
  const check = account.name === 'verified' ? t('farcaster.checkTheName') : account.name === 'none' ? t('farcaster.noName') : t('farcaster.nameNotVerified');
  const why = text('p', check);
  why.setAttribute('role', 'note');
  const appWords = account.appDisplayName ? [text('p', t('farcaster.appSays', { name: account.appDisplayName }))] : [];
  const notMe = button(t('farcaster.notMe'));
  const proceed = button(t('farcaster.continue'));
  proceed.className = 'primary';
  const problem = problemLine();
  const region = document.createElement('div');
  region.setAttribute('data-farcaster-confirmation', '');
  region.append(title, why, ...appWords, notMe, proceed);
  trustedClick(notMe, () => done(false));
  gatedClick(
    proceed,
    () => done(true),
    (reason) => (problem.textContent = t(gateReason(reason, false))),
    region,
    // In the approval window (session 24): the account the registry proved, never the app's words.
    () => ({
      title: question,
      context: [{ label: t('farcaster.fid'), value: String(account.fid), code: true }, ...(account.username ? [{ label: t('farcaster.name'), value: `@${account.username}` }] : [])],
      details: [],
      warning: check,
    }),
  );
  return [region, parts.gateHint, problem];
}
