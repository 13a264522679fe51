import { answerMessage, approvalWindowRequests, readyMessage } from '../signing/approvalWindowMessages.ts';
import { approvalScreen, screenElement } from './approvalScreen.ts';
import { exportPhraseScreen } from './exportPhraseScreen.ts';
import { frameLanguage } from './frameLanguage.ts';
import { recoveryCodeSaving } from './recoveryCodeScreen.ts';

// The approval window (session 23): a top-level page of the frame's origin, opened by the frame,
// showing the one request the frame posts to it. No site can draw over it, clip it or frame it
// (frame-ancestors 'none'), and its address bar shows the frame's origin. It holds no key: it
// answers approve or reject to the frame, which signs.

function say(root: HTMLElement, text: string, state: string) {
  root.replaceChildren(screenElement('p', text, { class: 'notice' }));
  document.documentElement.dataset.windowState = state;
}

function run() {
  const root = document.getElementById('approval') ?? document.body;
  const language = frameLanguage(document.documentElement);
  const opener = () => window.opener as Window | null;
  // Opened by anything but the frame (typed in, or by a site): nothing to show, and nothing will be.
  if (!opener()) return say(root, language.t('approvalWindow.openedByWalletOnly'), 'no-request');
  const requests = approvalWindowRequests({ opener, origin: location.origin });
  let ended: (() => void) | undefined;
  window.addEventListener('message', (event) => {
    const request = requests.accept({ data: event.data, origin: event.origin, source: event.source });
    if (!request) return;
    void language.use(request.locale ?? 'en').then(() => {
      const t = language.t;
      const answer = (approved: boolean, alwaysSeparate?: boolean) => {
        if (document.documentElement.dataset.windowState !== 'shown') return;
        opener()?.postMessage(answerMessage(request.id, approved, alwaysSeparate), location.origin);
        document.documentElement.dataset.windowState = 'answered';
        window.close();
      };
      // The key export (session 24): the phrase is shown here, where no site draws around it, until Done.
      if (request.type === 'cairn:approval-window:reveal') {
        const section = screenElement('section', undefined, { 'aria-label': t('recovery.yourRecoveryPhrase'), class: 'reveal' });
        section.append(...exportPhraseScreen(request.phrase, t, () => answer(true)));
        ended = () => say(root, t('approvalWindow.requestEnded'), 'ended');
        root.replaceChildren(section);
        document.title = t('recovery.yourRecoveryPhrase');
        document.documentElement.dataset.windowState = 'shown';
        return;
      }
      // A new wallet's printed code (session 25): shown here with its warning, until 'I have saved it' here.
      if (request.type === 'cairn:approval-window:recovery-code') {
        const section = screenElement('section', undefined, { 'aria-label': t('recovery.yourRecoveryCode'), class: 'reveal' });
        section.append(screenElement('h1', t('recovery.yourRecoveryCode')), ...recoveryCodeSaving(request.code, t, () => answer(true), { warning: true }));
        ended = () => say(root, t('approvalWindow.requestEnded'), 'ended');
        root.replaceChildren(section);
        document.title = t('recovery.yourRecoveryCode');
        document.documentElement.dataset.windowState = 'shown';
        return;
      }
      // A signing request carries the user's choice; a decision of the frame's own screens (session 24) none.
      const choice = request.alwaysSeparate === undefined ? undefined : screenElement('input', undefined, { type: 'checkbox', id: 'always-separate' });
      const actions: HTMLElement[] = [];
      if (choice) {
        choice.checked = request.alwaysSeparate === true;
        const label = screenElement('label', undefined, { for: 'always-separate', class: 'choice' });
        label.append(choice, t('approvalWindow.alwaysSeparate'));
        actions.push(label);
      }
      // A window of the site's own put over this one takes the focus: Approve waits again once it is back.
      const screen = approvalScreen(request.summary, { t, actions, windowFocus: true });
      ended = () => {
        screen.end(false);
        say(root, t('approvalWindow.requestEnded'), 'ended');
      };
      root.replaceChildren(screen.section);
      document.title = request.summary.title;
      document.documentElement.dataset.windowState = 'shown';
      screen.start();
      void screen.answer.then((approved) => answer(approved, choice?.checked));
    });
  });
  // To the frame only: a site that opened this page is on another origin and hears nothing.
  opener()!.postMessage(readyMessage(), location.origin);
  document.documentElement.dataset.windowState = 'waiting';
  // The frame gone (the site's page closed, or it removed the frame): the request ended there.
  const watch = setInterval(() => {
    if (opener() && !opener()!.closed) return;
    clearInterval(watch);
    if (ended) ended();
    else say(root, language.t('approvalWindow.requestEnded'), 'ended');
  }, 500);
}

run();
