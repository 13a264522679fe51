import { describe, expect, it } from 'vitest';
import { APPROVE_VISIBLE_MS, ApprovalScreenText, createApprovalGate, type PointerPosition } from './approvalGate.ts';

const click = { isTrusted: true, pointerType: 'mouse' };
const keyboard = { isTrusted: true, pointerType: '' };
const approveBox = { left: 200, top: 400, right: 280, bottom: 430 };
const moveOver: PointerPosition = { isTrusted: true, pointerType: 'mouse', press: false, x: 240, y: 415 };

/** A gate whose screen was seen whole at `since` and the pointer moved over Approve once it took clicks. */
function readyGate(since = 0) {
  const gate = createApprovalGate();
  gate.seen('visible', since);
  gate.pointerOver(moveOver, approveBox, since + APPROVE_VISIBLE_MS);
  return gate;
}

describe('approve button gate', () => {
  it('takes a trusted pointer click only after the whole screen was seen for the wait and the pointer moved over Approve', () => {
    const gate = createApprovalGate();
    expect(gate.state(0)).toBe('unseen');
    expect(gate.judge(click, 0)).toEqual({ approve: false, reason: ApprovalScreenText.waiting });
    gate.seen('visible', 1000);
    expect(gate.state(1000)).toBe('waiting');
    expect(gate.state(1000 + APPROVE_VISIBLE_MS - 1)).toBe('waiting');
    expect(gate.judge(click, 1000 + APPROVE_VISIBLE_MS - 1)).toEqual({ approve: false, reason: ApprovalScreenText.waiting });
    expect(gate.state(1000 + APPROVE_VISIBLE_MS)).toBe('ready');
    gate.pointerOver(moveOver, approveBox, 1000 + APPROVE_VISIBLE_MS);
    expect(gate.judge(click, 1000 + APPROVE_VISIBLE_MS)).toEqual({ approve: true });
    expect(gate.judge({ isTrusted: true, pointerType: 'pen' }, 2000)).toEqual({ approve: true });
  });

  it('refuses a pointer click under a pointer that did not move over Approve after it took clicks', () => {
    const gate = createApprovalGate();
    gate.seen('visible', 0);
    // Moves while Approve waits (the screen appeared under a moving pointer), outside its box, or made by script.
    gate.pointerOver(moveOver, approveBox, APPROVE_VISIBLE_MS - 1);
    gate.pointerOver({ ...moveOver, x: 199 }, approveBox, 1000);
    gate.pointerOver({ ...moveOver, y: 431 }, approveBox, 1000);
    gate.pointerOver({ ...moveOver, isTrusted: false }, approveBox, 1000);
    // A mouse press is not a move: the pointer rested where the screen (or the moved frame) came.
    gate.pointerOver({ ...moveOver, press: true }, approveBox, 1000);
    expect(gate.judge(click, 1000)).toEqual({ approve: false, reason: ApprovalScreenText.moveFirst });
    gate.pointerOver({ ...moveOver, x: 200, y: 430 }, approveBox, 1000); // the box's edge is inside
    expect(gate.judge(click, 1000)).toEqual({ approve: true });
  });

  it('takes a touch tap whose press landed on Approve once it took clicks (touch has no hover)', () => {
    const gate = createApprovalGate();
    gate.seen('visible', 0);
    const tap = { isTrusted: true, pointerType: 'touch' };
    gate.pointerOver({ ...moveOver, pointerType: 'touch', press: true }, approveBox, APPROVE_VISIBLE_MS - 1);
    expect(gate.judge(tap, 1000)).toEqual({ approve: false, reason: ApprovalScreenText.moveFirst });
    gate.pointerOver({ ...moveOver, pointerType: 'touch', press: true }, approveBox, 1000);
    expect(gate.judge(tap, 1000)).toEqual({ approve: true });
  });

  it('refuses clicks made by script, from the keyboard without focus, or of unknown origin', () => {
    const gate = readyGate();
    for (const event of [{ isTrusted: false, pointerType: 'mouse' }, { isTrusted: true, pointerType: '' }, { isTrusted: true }, { isTrusted: true, pointerType: 'laser' }]) {
      expect(gate.judge(event, 10_000), JSON.stringify(event)).toEqual({ approve: false });
    }
  });

  it('takes a trusted keyboard activation, with no pointer move, only when Approve also held the focus for the whole wait', () => {
    const gate = createApprovalGate();
    gate.seen('visible', 0);
    expect(gate.judge(keyboard, 10_000)).toEqual({ approve: false }); // never focused
    gate.focused(10_000);
    expect(gate.judge(keyboard, 10_000 + APPROVE_VISIBLE_MS - 1)).toEqual({ approve: false });
    expect(gate.judge(keyboard, 10_000 + APPROVE_VISIBLE_MS)).toEqual({ approve: true });
    expect(gate.judge({ isTrusted: false, pointerType: '' }, 20_000)).toEqual({ approve: false });
    gate.blurred();
    expect(gate.judge(keyboard, 20_000)).toEqual({ approve: false });
    gate.focused(20_000);
    gate.seen('hidden', 20_050);
    gate.seen('visible', 20_100);
    expect(gate.judge(keyboard, 20_000 + APPROVE_VISIBLE_MS)).toEqual({ approve: false, reason: ApprovalScreenText.waiting }); // seen again: the wait restarts too
    expect(gate.judge(keyboard, 20_100 + APPROVE_VISIBLE_MS)).toEqual({ approve: true });
  });

  it('says why while any part is covered or the screen is cut off, and restarts the wait and the move once it is whole again', () => {
    const gate = readyGate();
    gate.seen('visible', 400); // still visible: the start stays
    expect(gate.judge(click, 600)).toEqual({ approve: true });
    gate.seen('hidden', 700);
    expect(gate.state(700)).toBe('hidden');
    expect(gate.judge(click, 700)).toEqual({ approve: false, reason: ApprovalScreenText.hidden });
    gate.seen('cropped', 750);
    expect(gate.judge(keyboard, 750)).toEqual({ approve: false, reason: ApprovalScreenText.cropped });
    gate.seen('visible', 800);
    expect(gate.judge(click, 1299)).toEqual({ approve: false, reason: ApprovalScreenText.waiting });
    // The move made before the screen was covered does not count for the new stretch.
    expect(gate.judge(click, 1300)).toEqual({ approve: false, reason: ApprovalScreenText.moveFirst });
    gate.pointerOver(moveOver, approveBox, 1300);
    expect(gate.judge(click, 1300)).toEqual({ approve: true });
  });
});
