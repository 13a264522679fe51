import { randomBytes } from 'node:crypto';
import { SOCIAL_CALLBACK_MESSAGE, SOCIAL_CALLBACK_PARAMS } from '@cairn/core/internal';
import type { FastifyReply } from 'fastify';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export const CALLBACK_PAGE_TEXT = {
  handingOff: 'Going back to the site…',
  noOpener: 'This login can finish only in the window the site opened for it: go back to the site and start again.',
} as const;

/**
 * The hand-off (runs in the provider's popup, on the server's origin): the provider's answer goes
 * to the frames of the window that opened the popup, with the frame's exact origin as the target,
 * so only a document on that origin hears it; and only the frame that holds the flow's state and
 * secret can use it. The code leaves the address bar and the history at once.
 */
const handOffScript = `(() => {
  const frameOrigin = document.body.dataset.frameOrigin;
  const query = new URLSearchParams(location.search);
  const params = {};
  for (const key of ${JSON.stringify(Object.keys(SOCIAL_CALLBACK_PARAMS))}) {
    const value = query.get(key);
    if (value !== null) params[key] = value;
  }
  history.replaceState(null, '', location.pathname);
  const site = window.opener;
  const text = document.getElementById('text');
  if (!site) return void (text.textContent = ${JSON.stringify(CALLBACK_PAGE_TEXT.noOpener)});
  for (let i = 0; i < site.frames.length; i++) site.frames[i].postMessage({ type: ${JSON.stringify(SOCIAL_CALLBACK_MESSAGE)}, params }, frameOrigin);
})();`;

/**
 * The page the provider's redirect lands on, in the popup. It finishes nothing itself: with a
 * frame origin it hands the provider's answer to that frame; without one it is text only.
 */
export function callbackPage(reply: FastifyReply, page: { status: number; title: string; text: string; frameOrigin?: string }) {
  const nonce = randomBytes(18).toString('base64');
  const script = page.frameOrigin ? `<script nonce="${nonce}">${handOffScript}</script>` : '';
  return reply
    .code(page.status)
    .header('content-type', 'text/html; charset=utf-8')
    .header(
      'content-security-policy',
      `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'nonce-${nonce}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; require-trusted-types-for 'script'`,
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .send(
      `<!doctype html><meta charset="utf-8"><title>${escapeHtml(page.title)}</title><style nonce="${nonce}">body{font:16px system-ui;margin:3rem auto;max-width:28rem;text-align:center}</style>` +
        `<body${page.frameOrigin ? ` data-frame-origin="${escapeHtml(page.frameOrigin)}"` : ''}><h1>${escapeHtml(page.title)}</h1><p id="text">${escapeHtml(page.text)}</p>${script}</body>`,
    );
}
