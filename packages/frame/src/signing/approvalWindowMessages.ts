import * as v from 'valibot';
import { SUPPORTED_LOCALES } from '@cairn/core/rules';
import type { ApprovalSummary } from './approvalSummary.ts';
import { MAX_TYPED_DATA_ROWS } from './approvalSummary.ts';

/**
 * The approval window (session 23): a top-level page of the frame's own origin that the frame opens
 * to show a request where no site can draw over it. The frame (the iframe, which keeps the key)
 * and that window talk only by postMessage between the two of them: each message is taken only
 * from the other window, on this same origin. Storage and BroadcastChannel would not do: the
 * iframe's are partitioned under the site, the window's are first-party.
 *
 * The protocol, both ends (one table):
 * | message  | from → to      | carries                                                               |
 * | ready    | window → frame | nothing: the window loaded (again), send it the request               |
 * | show     | frame → window | a request id and what to show: a signing request (with the user's     |
 * |          |                | 'always separate' choice) or, since session 24, a decision of the     |
 * |          |                | frame's own screens (a new device, a removal, a Farcaster account),   |
 * |          |                | which has no such choice                                              |
 * | reveal   | frame → window | a request id and the wallet's recovery phrase (the key export, since  |
 * |          |                | session 24): shown there, out of the site's page, until Done          |
 * | recovery | frame → window | a request id and a new wallet's printed recovery code (since session  |
 * | code     |                | 25): shown there with its warning, until 'I have saved it'            |
 * | answer   | window → frame | the request id, approved or not (Done for a reveal, 'I have saved it' |
 * |          |                | for a recovery code), the choice                                      |
 */
export const APPROVAL_WINDOW_PATH = '/approval.html';

const Text = (max: number) => v.pipe(v.string(), v.maxLength(max));
// A personal_sign message is shown whole (64 KiB of bytes, shown as text or as hex).
const Row = v.strictObject({ label: Text(200), value: Text(140_000), code: v.optional(v.boolean()) });
const SummarySchema = v.strictObject({
  title: Text(200),
  context: v.pipe(v.array(Row), v.maxLength(16)),
  details: v.pipe(v.array(Row), v.maxLength(MAX_TYPED_DATA_ROWS + 64)),
  warning: v.optional(Text(4000)),
  /** Session 25: the statement ticked before Approve (a new device from another network). */
  confirm: v.optional(Text(400)),
});
const RequestId = v.pipe(v.string(), v.regex(/^[0-9a-f-]{36}$/));

const ReadySchema = v.strictObject({ type: v.literal('cairn:approval-window:ready') });
const ShowSchema = v.strictObject({
  type: v.literal('cairn:approval-window:show'),
  id: RequestId,
  summary: SummarySchema,
  /** The frame's language (the widget's): the window shows its buttons in it. */
  locale: v.optional(v.picklist(SUPPORTED_LOCALES)),
  /** The user's own choice, shown as the window's checkbox; absent for a decision of the frame's own screens (session 24), which always comes here. */
  alwaysSeparate: v.optional(v.boolean()),
});
// A BIP-39 phrase: 12 to 24 lower-case words.
const Phrase = v.pipe(v.string(), v.maxLength(240), v.regex(/^[a-z]+(?: [a-z]+){11,23}$/));
const RevealSchema = v.strictObject({ type: v.literal('cairn:approval-window:reveal'), id: RequestId, phrase: Phrase, locale: v.optional(v.picklist(SUPPORTED_LOCALES)) });
// A printed recovery code (custody/recoveryCode.ts) exactly as the frame makes it: 8 groups of 4 Crockford base32 capitals (no I, L, O, U).
const RecoveryCode = v.pipe(v.string(), v.regex(/^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){7}$/));
const RecoveryCodeSchema = v.strictObject({ type: v.literal('cairn:approval-window:recovery-code'), id: RequestId, code: RecoveryCode, locale: v.optional(v.picklist(SUPPORTED_LOCALES)) });
const RequestSchema = v.variant('type', [ShowSchema, RevealSchema, RecoveryCodeSchema]);
const AnswerSchema = v.strictObject({ type: v.literal('cairn:approval-window:answer'), id: RequestId, approved: v.boolean(), alwaysSeparate: v.optional(v.boolean()) });

export type ApprovalWindowShow = v.InferOutput<typeof ShowSchema>;
export type ApprovalWindowReveal = v.InferOutput<typeof RevealSchema>;
export type ApprovalWindowRecoveryCode = v.InferOutput<typeof RecoveryCodeSchema>;
export type ApprovalWindowRequest = v.InferOutput<typeof RequestSchema>;
export type ApprovalWindowAnswer = v.InferOutput<typeof AnswerSchema>;

/** What a message event carries that the checks read. */
export interface ReceivedMessage {
  data: unknown;
  origin: string;
  source: unknown;
}

export const readyMessage = () => ({ type: 'cairn:approval-window:ready' as const });

const knownLocale = (locale?: string) => {
  const known = SUPPORTED_LOCALES.find((candidate) => candidate === locale);
  return known ? { locale: known } : {};
};

export function showMessage(id: string, summary: ApprovalSummary, alwaysSeparate: boolean, locale?: string): ApprovalWindowShow {
  return { type: 'cairn:approval-window:show', id, summary, alwaysSeparate, ...knownLocale(locale) };
}

/** A decision of the frame's own screens (session 24): no 'always separate' choice, it always comes to the window in popup mode. */
export function decisionMessage(id: string, summary: ApprovalSummary, locale?: string): ApprovalWindowShow {
  return { type: 'cairn:approval-window:show', id, summary, ...knownLocale(locale) };
}

/** The key export's phrase (session 24), to the window the frame opened, on the frame's origin only. */
export function revealMessage(id: string, phrase: string, locale?: string): ApprovalWindowReveal {
  return { type: 'cairn:approval-window:reveal', id, phrase, ...knownLocale(locale) };
}

/** A new wallet's printed recovery code (session 25), as the export's phrase: to the window the frame opened, on the frame's origin only. */
export function recoveryCodeMessage(id: string, code: string, locale?: string): ApprovalWindowRecoveryCode {
  return { type: 'cairn:approval-window:recovery-code', id, code, ...knownLocale(locale) };
}

export function answerMessage(id: string, approved: boolean, alwaysSeparate?: boolean): ApprovalWindowAnswer {
  return { type: 'cairn:approval-window:answer', id, approved, ...(alwaysSeparate === undefined ? {} : { alwaysSeparate }) };
}

/**
 * In the approval window: the request to show, taken only from the window that opened it and only
 * when that window is on this very origin (the frame). A site that opens the window's address
 * itself is its opener too, but on its own origin: it gets nothing shown. The first request only.
 */
export function approvalWindowRequests(own: { opener: () => unknown; origin: string }) {
  let shown = false;
  return {
    accept(event: ReceivedMessage): ApprovalWindowRequest | undefined {
      if (shown || event.origin !== own.origin || event.source == null || event.source !== own.opener()) return undefined;
      const parsed = v.safeParse(RequestSchema, event.data);
      if (!parsed.success) return undefined;
      shown = true;
      return parsed.output;
    },
  };
}

/**
 * In the frame: one request's approval window. `ready` says whether an event is that window
 * saying it loaded (it may load again: the request is sent again); `answer` is its one answer to
 * this request: nothing from another window or origin, nothing for another request, nothing after
 * the first answer.
 */
export function approvalWindowAnswers(own: { window: () => unknown; origin: string; id: string }) {
  let answered = false;
  const fromWindow = (event: ReceivedMessage) => event.origin === own.origin && event.source != null && event.source === own.window();
  return {
    ready: (event: ReceivedMessage) => !answered && fromWindow(event) && v.is(ReadySchema, event.data),
    answer(event: ReceivedMessage): ApprovalWindowAnswer | undefined {
      if (answered || !fromWindow(event)) return undefined;
      const parsed = v.safeParse(AnswerSchema, event.data);
      if (!parsed.success || parsed.output.id !== own.id) return undefined;
      answered = true;
      return parsed.output;
    },
  };
}
