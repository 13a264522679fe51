import { describe, expect, it } from 'vitest';
import { createRecoveryCode } from '../custody/recoveryCode.ts';
import { answerMessage, approvalWindowAnswers, approvalWindowRequests, decisionMessage, readyMessage, recoveryCodeMessage, revealMessage, showMessage } from './approvalWindowMessages.ts';
import type { ApprovalSummary } from './approvalSummary.ts';

const FRAME = 'https://frame.example';
const SITE = 'https://site.example';
const ID = '5b0f3c2e-7a41-4c1e-9d2b-3f6a1e8c9d10';
const OTHER_ID = '0e9d8c7b-6a5f-4e3d-8c1b-0a9f8e7d6c5b';
const summary: ApprovalSummary = {
  title: 'Sign a message',
  context: [{ label: 'Site', value: SITE }],
  details: [{ label: 'Message', value: 'hello' }],
};

describe('the approval window takes its request only from the frame that opened it', () => {
  const frame = { name: 'the frame (the opener)' };
  const site = { name: "the site's page" };
  const opened = () => approvalWindowRequests({ opener: () => frame, origin: FRAME });

  it('shows the request its opener sent from the frame origin', () => {
    const shown = opened().accept({ data: showMessage(ID, summary, false, 'de'), origin: FRAME, source: frame });
    expect(shown).toEqual({ type: 'cairn:approval-window:show', id: ID, summary, alwaysSeparate: false, locale: 'de' });
  });

  it("shows nothing a site's page sent: another origin, or another window on the frame's origin", () => {
    const window = opened();
    // A site that opened the window's address itself is its opener, on its own origin.
    expect(window.accept({ data: showMessage(ID, summary, false), origin: SITE, source: frame })).toBeUndefined();
    expect(window.accept({ data: showMessage(ID, summary, false), origin: FRAME, source: site })).toBeUndefined();
    expect(window.accept({ data: showMessage(ID, summary, false), origin: FRAME, source: null })).toBeUndefined();
    // An opener gone (the window opened with noopener): nothing matches a missing source.
    expect(approvalWindowRequests({ opener: () => null, origin: FRAME }).accept({ data: showMessage(ID, summary, false), origin: FRAME, source: null })).toBeUndefined();
  });

  it('shows the first request only, and nothing malformed or unbounded', () => {
    const window = opened();
    expect(window.accept({ data: { ...showMessage(ID, summary, false), extra: 1 }, origin: FRAME, source: frame })).toBeUndefined();
    expect(window.accept({ data: showMessage('not-an-id', summary, false), origin: FRAME, source: frame })).toBeUndefined();
    const huge = { ...summary, details: Array.from({ length: 1000 }, () => ({ label: 'x', value: 'y' })) };
    expect(window.accept({ data: showMessage(ID, huge, false), origin: FRAME, source: frame })).toBeUndefined();
    expect(window.accept({ data: showMessage(ID, summary, false), origin: FRAME, source: frame })).toBeDefined();
    expect(window.accept({ data: showMessage(OTHER_ID, { ...summary, title: 'Another' }, false), origin: FRAME, source: frame })).toBeUndefined();
  });

  it('drops a language it does not know', () => {
    expect(showMessage(ID, summary, true, 'xx')).not.toHaveProperty('locale');
  });
});

describe("the frame takes one answer to its request, from its own approval window only", () => {
  const popup = { name: 'the approval window' };
  const other = { name: 'a window the site opened on the frame origin' };
  const answers = () => approvalWindowAnswers({ window: () => popup, origin: FRAME, id: ID });

  it("hears the window's ready and its answer", () => {
    const one = answers();
    expect(one.ready({ data: readyMessage(), origin: FRAME, source: popup })).toBe(true);
    expect(one.answer({ data: answerMessage(ID, true, true), origin: FRAME, source: popup })).toEqual({ type: 'cairn:approval-window:answer', id: ID, approved: true, alwaysSeparate: true });
  });

  it('ignores an answer from another origin or another window', () => {
    const one = answers();
    expect(one.ready({ data: readyMessage(), origin: SITE, source: popup })).toBe(false);
    expect(one.ready({ data: readyMessage(), origin: FRAME, source: other })).toBe(false);
    expect(one.answer({ data: answerMessage(ID, true, false), origin: SITE, source: popup })).toBeUndefined();
    expect(one.answer({ data: answerMessage(ID, true, false), origin: FRAME, source: other })).toBeUndefined();
    expect(one.answer({ data: answerMessage(ID, true, false), origin: FRAME, source: undefined })).toBeUndefined();
    // Still waiting: the real window's answer counts.
    expect(one.answer({ data: answerMessage(ID, false, false), origin: FRAME, source: popup })?.approved).toBe(false);
  });

  it('ignores an answer for another request, a malformed one, and any after the first', () => {
    const one = answers();
    expect(one.answer({ data: answerMessage(OTHER_ID, true, false), origin: FRAME, source: popup })).toBeUndefined();
    expect(one.answer({ data: { ...answerMessage(ID, true, false), approved: 'yes' }, origin: FRAME, source: popup })).toBeUndefined();
    expect(one.answer({ data: answerMessage(ID, false, false), origin: FRAME, source: popup })?.approved).toBe(false);
    // A second answer (an approval after the rejection) changes nothing.
    expect(one.answer({ data: answerMessage(ID, true, false), origin: FRAME, source: popup })).toBeUndefined();
    expect(one.ready({ data: readyMessage(), origin: FRAME, source: popup })).toBe(false);
  });
});

describe("the frame's own screens' decisions and the key export's phrase in the approval window (session 24)", () => {
  const frame = { name: 'the frame (the opener)' };
  const site = { name: "the site's page" };
  const opened = () => approvalWindowRequests({ opener: () => frame, origin: FRAME });
  const phrase = 'legal winner thank year wave sausage worth useful legal winner thank yellow';
  const device: ApprovalSummary = { title: 'Give your wallet to the new device that shows K3T9-4QZA?', context: [{ label: 'Wallet', value: '0x1234', code: true }], details: [{ label: 'Code on the new device', value: 'K3T9-4QZA', code: true }] };

  it("shows a decision with no 'always separate' choice, and answers it without one", () => {
    const shown = opened().accept({ data: decisionMessage(ID, device, 'fr'), origin: FRAME, source: frame });
    expect(shown).toEqual({ type: 'cairn:approval-window:show', id: ID, summary: device, locale: 'fr' });
    const one = approvalWindowAnswers({ window: () => frame, origin: FRAME, id: ID });
    expect(one.answer({ data: answerMessage(ID, true), origin: FRAME, source: frame })).toEqual({ type: 'cairn:approval-window:answer', id: ID, approved: true });
  });

  it("carries a new device's requester and the statement ticked before Approve (session 25), bounded", () => {
    const elsewhere: ApprovalSummary = {
      ...device,
      details: [...device.details, { label: 'Asking device', value: 'Chrome on Linux, asked 2 minutes ago, from another network than this device' }],
      warning: 'This request comes from another network than this device.',
      confirm: 'This is my device: it is in my hands and I am setting it up now',
    };
    expect(opened().accept({ data: decisionMessage(ID, elsewhere), origin: FRAME, source: frame })).toEqual({ type: 'cairn:approval-window:show', id: ID, summary: elsewhere });
    expect(opened().accept({ data: decisionMessage(ID, { ...elsewhere, confirm: 'x'.repeat(401) }), origin: FRAME, source: frame })).toBeUndefined();
  });

  it('takes the phrase only from its opener on the frame origin, and only a phrase of 12 to 24 words', () => {
    expect(opened().accept({ data: revealMessage(ID, phrase), origin: FRAME, source: frame })).toEqual({ type: 'cairn:approval-window:reveal', id: ID, phrase });
    expect(opened().accept({ data: revealMessage(ID, phrase), origin: SITE, source: frame })).toBeUndefined();
    expect(opened().accept({ data: revealMessage(ID, phrase), origin: FRAME, source: site })).toBeUndefined();
    for (const bad of ['legal winner', `${phrase} <b>`, Array.from({ length: 25 }, () => 'legal').join(' '), 'LEGAL winner thank year wave sausage worth useful legal winner thank yellow'])
      expect(opened().accept({ data: revealMessage(ID, bad), origin: FRAME, source: frame }), bad).toBeUndefined();
    // A reveal and a show are one request each: after one, the window takes no other.
    const window = opened();
    expect(window.accept({ data: revealMessage(ID, phrase), origin: FRAME, source: frame })).toBeDefined();
    expect(window.accept({ data: decisionMessage(OTHER_ID, device), origin: FRAME, source: frame })).toBeUndefined();
  });
});

describe("a new wallet's recovery code in the approval window (session 25)", () => {
  const frame = { name: 'the frame (the opener)' };
  const site = { name: "the site's page" };
  const opened = () => approvalWindowRequests({ opener: () => frame, origin: FRAME });
  const code = createRecoveryCode();

  it('takes the code only from its opener on the frame origin, and only in the shape the frame makes it', () => {
    expect(opened().accept({ data: recoveryCodeMessage(ID, code, 'ja'), origin: FRAME, source: frame })).toEqual({ type: 'cairn:approval-window:recovery-code', id: ID, code, locale: 'ja' });
    expect(opened().accept({ data: recoveryCodeMessage(ID, code), origin: SITE, source: frame })).toBeUndefined();
    expect(opened().accept({ data: recoveryCodeMessage(ID, code), origin: FRAME, source: site })).toBeUndefined();
    expect(opened().accept({ data: { ...recoveryCodeMessage(ID, code), note: 'read it to us' }, origin: FRAME, source: frame })).toBeUndefined();
    // Lower case, a letter the alphabet leaves out, a group short, a group more, words around it, no dashes.
    for (const bad of [code.toLowerCase(), `${code.slice(0, -1)}U`, code.slice(0, -1), `${code}-ABCD`, `Support code: ${code}`, code.replaceAll('-', ''), 'A'.repeat(100_000)])
      expect(opened().accept({ data: recoveryCodeMessage(ID, bad), origin: FRAME, source: frame }), bad.slice(0, 60)).toBeUndefined();
  });

  it("hears 'I have saved it' as the window's one answer to that request", () => {
    const one = approvalWindowAnswers({ window: () => frame, origin: FRAME, id: ID });
    expect(one.ready({ data: readyMessage(), origin: FRAME, source: frame })).toBe(true);
    expect(one.answer({ data: answerMessage(OTHER_ID, true), origin: FRAME, source: frame })).toBeUndefined();
    expect(one.answer({ data: answerMessage(ID, true), origin: SITE, source: frame })).toBeUndefined();
    expect(one.answer({ data: answerMessage(ID, true), origin: FRAME, source: frame })).toEqual({ type: 'cairn:approval-window:answer', id: ID, approved: true });
    expect(one.answer({ data: answerMessage(ID, true), origin: FRAME, source: frame })).toBeUndefined();
  });
});
