import type { FarcasterCheck } from '@cairn/core/internal';
import type { Translate } from '@cairn/core/rules';
import type { ScreenParts } from './devicesScreen.ts';

/**
 * The question before a Farcaster login (session 22): whose account answered the visitor's QR code.
 * Whoever saw the code and holds the relay key can answer first with his own account, so the screen
 * names the account by what the server proved: the name the name registry signed for that fid, or
 * the fid alone, said so. The app's display name is shown only as the app's words. Continue and
 * 'That is not me' take a trusted click (the approval gate's visibility checks are not wired here).
 */
export function farcasterConfirmScreen(account: FarcasterCheck, t: Translate, parts: Pick<ScreenParts, 'text' | 'button' | 'trustedClick'>, done: (confirmed: boolean) => void): HTMLElement[] {
  const { text, button, trustedClick } = parts;
  const title = text('h1', account.username ? t('farcaster.logInAs', { name: account.username, fid: account.fid }) : t('farcaster.logInAsFid', { fid: account.fid }));
  title.setAttribute('data-farcaster-account', account.username ?? '');
  const why = text('p', account.name === 'verified' ? t('farcaster.checkTheName') : account.name === 'none' ? t('farcaster.noName') : t('farcaster.nameNotVerified'));
  why.setAttribute('role', 'note');
  const appWords = account.appDisplayName ? [text('p', t('farcaster.appSays', { name: account.appDisplayName }))] : [];
  const notMe = button(t('farcaster.notMe'));
  const proceed = button(t('farcaster.continue'));
  proceed.className = 'primary';
  trustedClick(notMe, () => done(false));
  trustedClick(proceed, () => done(true));
  return [title, why, ...appWords, notMe, proceed];
}
