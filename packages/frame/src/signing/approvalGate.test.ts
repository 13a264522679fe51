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

  it('refuses clicks made by script, from the keyboard, or of unknown origin', () => {
    const gate = createApprovalGate();
    gate.visible(0);
    for (const event of [{ isTrusted: false, pointerType: 'mouse' }, { isTrusted: true, pointerType: '' }, { isTrusted: true }, { isTrusted: true, pointerType: 'laser' }]) {
      expect(gate.accepts(event, 10_000), JSON.stringify(event)).toBe(false);
    }
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
