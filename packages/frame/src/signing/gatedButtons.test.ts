import { describe, expect, it } from 'vitest';
import { APPROVE_VISIBLE_MS, ApprovalScreenText, type Box, type PointerPosition } from './approvalGate.ts';
import { gatedButtons } from './gatedButtons.ts';

// The devices screen's wiring (session 22): its Approve and each Remove act only through the approval
// gate, as screenGate.ts feeds it. Each case counts the actions (the server calls) a click started.
const boxes: Record<string, Box> = { approve: { left: 200, top: 400, right: 280, bottom: 430 }, remove: { left: 200, top: 100, right: 280, bottom: 130 } };
const onto = (button: string, at: Partial<PointerPosition> = {}): PointerPosition => ({ isTrusted: true, pointerType: 'mouse', press: false, x: boxes[button]!.left + 10, y: boxes[button]!.top + 10, ...at });
const click = { isTrusted: true, pointerType: 'mouse' };

/** A devices screen with Approve and one Remove, seen whole from 0, and the actions each click started. */
function screen() {
  const gates = gatedButtons();
  const calls: string[] = [];
  gates.add('approve', 0);
  gates.add('remove', 0);
  gates.seen('visible', 0);
  const press = (button: string, event: { isTrusted: boolean; pointerType?: string }, now: number) => {
    const verdict = gates.judge(button, event, now);
    if (verdict.approve) calls.push(button);
    return verdict;
  };
  const move = (button: string, now: number, at: Partial<PointerPosition> = {}) => gates.pointer(onto(button, at), (id) => boxes[id], now);
  return { gates, calls, press, move };
}

describe("the devices screen's Approve and Remove behind the approval gate", () => {
  const ready = APPROVE_VISIBLE_MS + 10;

  it('acts on a trusted click after the screen was seen whole for the wait and the pointer moved onto that button', () => {
    const { calls, press, move } = screen();
    move('remove', ready);
    expect(press('remove', click, ready)).toEqual({ approve: true });
    expect(calls).toEqual(['remove']);
  });

  it('does nothing under a decoy (hidden) or a cropped frame, and says why', () => {
    for (const view of ['hidden', 'cropped'] as const) {
      const { gates, calls, press, move } = screen();
      gates.seen(view, ready);
      move('approve', ready);
      move('remove', ready);
      expect(press('approve', click, ready + 1)).toEqual({ approve: false, reason: ApprovalScreenText[view] });
      expect(press('remove', click, ready + 1)).toEqual({ approve: false, reason: ApprovalScreenText[view] });
      expect(gates.state(ready + 1)).toBe(view);
      expect(calls).toEqual([]);
    }
  });

  it('does nothing before the screen was seen whole for the wait, and restarts the wait when a decoy is lifted', () => {
    const { gates, calls, press, move } = screen();
    move('remove', APPROVE_VISIBLE_MS - 1);
    expect(press('remove', click, APPROVE_VISIBLE_MS - 1)).toEqual({ approve: false, reason: ApprovalScreenText.waiting });
    gates.seen('hidden', 1000);
    gates.seen('visible', 1100);
    move('remove', 1100 + APPROVE_VISIBLE_MS - 1);
    expect(press('remove', click, 1100 + APPROVE_VISIBLE_MS - 1)).toEqual({ approve: false, reason: ApprovalScreenText.waiting });
    expect(calls).toEqual([]);
    move('remove', 1100 + APPROVE_VISIBLE_MS);
    expect(press('remove', click, 1100 + APPROVE_VISIBLE_MS)).toEqual({ approve: true });
    expect(calls).toEqual(['remove']);
  });

  it('does nothing when the pointer did not move onto that button (a move onto the other counts for the other only)', () => {
    const { calls, press, move } = screen();
    move('approve', ready);
    expect(press('remove', click, ready)).toEqual({ approve: false, reason: ApprovalScreenText.moveFirst });
    move('remove', ready, { isTrusted: false });
    move('remove', ready, { press: true });
    expect(press('remove', click, ready)).toEqual({ approve: false, reason: ApprovalScreenText.moveFirst });
    expect(calls).toEqual([]);
    expect(press('approve', click, ready)).toEqual({ approve: true });
  });

  it("ignores an untrusted click (a script's), ready or not", () => {
    const { calls, press, move } = screen();
    move('approve', ready);
    move('remove', ready);
    expect(press('approve', { isTrusted: false, pointerType: 'mouse' }, ready)).toEqual({ approve: false });
    expect(press('remove', { isTrusted: false }, ready)).toEqual({ approve: false });
    expect(calls).toEqual([]);
  });

  it("starts a button added later (a found device's Approve) on its own wait, from the screen's current view", () => {
    const { gates, calls, press, move } = screen();
    gates.add('late', 5000);
    boxes.late = boxes.approve!;
    move('late', 5000 + APPROVE_VISIBLE_MS - 1);
    expect(press('late', click, 5000 + APPROVE_VISIBLE_MS - 1)).toEqual({ approve: false, reason: ApprovalScreenText.waiting });
    move('late', 5000 + APPROVE_VISIBLE_MS);
    expect(press('late', click, 5000 + APPROVE_VISIBLE_MS)).toEqual({ approve: true });
    expect(press('gone', click, 6000)).toEqual({ approve: false, reason: ApprovalScreenText.waiting });
    expect(calls).toEqual(['late']);
  });
});

// Session 23: the Farcaster confirmation's Continue ("Log in as @name?") is wired the same way
// (page/farcasterConfirmScreen.ts through page/regionGates.ts, one region: the account shown and its
// buttons); 'That is not me' is not gated (the safe answer: no login). Each case counts the logins a click made.
describe("the Farcaster confirmation's Continue behind the approval gate", () => {
  const ready = APPROVE_VISIBLE_MS + 10;
  function confirmation() {
    const gates = gatedButtons();
    const logins: string[] = [];
    gates.add('continue', 0);
    gates.seen('visible', 0);
    boxes.continue = boxes.approve!;
    const press = (event: { isTrusted: boolean; pointerType?: string }, now: number) => {
      const verdict = gates.judge('continue', event, now);
      if (verdict.approve) logins.push('login');
      return verdict;
    };
    const move = (now: number, at: Partial<PointerPosition> = {}) => gates.pointer(onto('continue', at), (id) => boxes[id], now);
    return { gates, logins, press, move };
  }

  it("makes no login under a site's decoy over the name, says why, and logs in on the same click once it is lifted and the screen seen for the wait", () => {
    const { gates, logins, press, move } = confirmation();
    gates.seen('hidden', ready);
    move(ready + 1);
    expect(press(click, ready + 1)).toEqual({ approve: false, reason: ApprovalScreenText.hidden });
    expect(gates.state(ready + 1)).toBe('hidden');
    gates.seen('visible', 2000);
    move(2000 + APPROVE_VISIBLE_MS - 1);
    expect(press(click, 2000 + APPROVE_VISIBLE_MS - 1)).toEqual({ approve: false, reason: ApprovalScreenText.waiting });
    expect(logins).toEqual([]);
    move(2000 + APPROVE_VISIBLE_MS);
    expect(press(click, 2000 + APPROVE_VISIBLE_MS)).toEqual({ approve: true });
    expect(logins).toEqual(['login']);
  });

  it('makes no login on a click under a pointer that never moved onto Continue, nor on a key the visitor pressed for the site, nor on a script\'s click', () => {
    const { logins, press, move } = confirmation();
    expect(press(click, ready)).toEqual({ approve: false, reason: ApprovalScreenText.moveFirst });
    expect(press({ isTrusted: true, pointerType: '' }, ready)).toEqual({ approve: false });
    move(ready);
    expect(press({ isTrusted: false, pointerType: 'mouse' }, ready)).toEqual({ approve: false });
    expect(logins).toEqual([]);
  });
});
