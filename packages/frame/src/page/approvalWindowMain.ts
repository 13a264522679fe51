import { answerMessage, approvalWindowRequests, readyMessage } from '../signing/approvalWindowMessages.ts';
import { approvalScreen, screenElement } from './approvalScreen.ts';
import { frameLanguage } from './frameLanguage.ts';

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
      const always = screenElement('input', undefined, { type: 'checkbox', id: 'always-separate' });
      always.checked = request.alwaysSeparate;
      const label = screenElement('label', undefined, { for: 'always-separate', class: 'choice' });
      label.append(always, t('approvalWindow.alwaysSeparate'));
      // A window of the site's own put over this one takes the focus: Approve waits again once it is back.
      const screen = approvalScreen(request.summary, { t, actions: [label], windowFocus: true });
      ended = () => {
        screen.end(false);
        say(root, t('approvalWindow.requestEnded'), 'ended');
      };
      root.replaceChildren(screen.section);
      document.title = request.summary.title;
      document.documentElement.dataset.windowState = 'shown';
      screen.start();
      void screen.answer.then((approved) => {
        if (document.documentElement.dataset.windowState !== 'shown') return;
        opener()?.postMessage(answerMessage(request.id, approved, always.checked), location.origin);
        document.documentElement.dataset.windowState = 'answered';
        window.close();
      });
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
