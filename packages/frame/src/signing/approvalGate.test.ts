import { describe, expect, it } from 'vitest';
import { APPROVE_VISIBLE_MS, createApprovalGate } from './approvalGate.ts';

const click = { isTrusted: true, pointerType: 'mouse' };

describe('approve button gate', () => {
  it('takes a trusted pointer click only after the button was visible for the whole wait', () => {
    const gate = createApprovalGate();
    expect(gate.accepts(click, 0)).toBe(false);
    gate.visible(1000);
    expect(gate.waitMs(1000)).toBe(APPROVE_VISIBLE_MS);
    expect(gate.accepts(click, 1000 + APPROVE_VISIBLE_MS - 1)).toBe(false);
    expect(gate.accepts(click, 1000 + APPROVE_VISIBLE_MS)).toBe(true);
    expect(gate.accepts({ isTrusted: true, pointerType: 'touch' }, 2000)).toBe(true);
    expect(gate.accepts({ isTrusted: true, pointerType: 'pen' }, 2000)).toBe(true);
  });

  it('refuses clicks made by script, from the keyboard without focus, or of unknown origin', () => {
    const gate = createApprovalGate();
    gate.visible(0);
    for (const event of [{ isTrusted: false, pointerType: 'mouse' }, { isTrusted: true, pointerType: '' }, { isTrusted: true }, { isTrusted: true, pointerType: 'laser' }]) {
      expect(gate.accepts(event, 10_000), JSON.stringify(event)).toBe(false);
    }
  });

  it('takes a trusted keyboard activation only when the button also held the focus for the whole wait', () => {
    const keyboard = { isTrusted: true, pointerType: '' };
    const gate = createApprovalGate();
    gate.visible(0);
    expect(gate.accepts(keyboard, 10_000)).toBe(false); // never focused
    gate.focused(10_000);
    expect(gate.accepts(keyboard, 10_000 + APPROVE_VISIBLE_MS - 1)).toBe(false);
    expect(gate.accepts(keyboard, 10_000 + APPROVE_VISIBLE_MS)).toBe(true);
    expect(gate.accepts({ isTrusted: false, pointerType: '' }, 20_000)).toBe(false);
    gate.blurred();
    expect(gate.accepts(keyboard, 20_000)).toBe(false);
    gate.focused(20_000);
    gate.hidden();
    gate.visible(20_100);
    expect(gate.accepts(keyboard, 20_000 + APPROVE_VISIBLE_MS)).toBe(false); // shown again: the visible wait restarts too
    expect(gate.accepts(keyboard, 20_100 + APPROVE_VISIBLE_MS)).toBe(true);
  });

  it('restarts the wait when the button is hidden (an overlay moved over it) and shown again', () => {
    const gate = createApprovalGate();
    gate.visible(0);
    gate.visible(400); // still visible: the start stays
    expect(gate.accepts(click, 600)).toBe(true);
    gate.hidden();
    expect(gate.waitMs(700)).toBeUndefined();
    expect(gate.accepts(click, 700)).toBe(false);
    gate.visible(800);
    expect(gate.accepts(click, 1200)).toBe(false);
    expect(gate.accepts(click, 1300)).toBe(true);
  });
});
