import { describe, expect, it } from 'vitest';
import { ApprovalScreenText } from './approvalGate.ts';
import { gateReason } from './gateReason.ts';

describe("what a screen says when the gate refuses a button's click", () => {
  it("names the button itself, not Approve, for Remove, 'Sign out everywhere else' and the Farcaster confirmation's Continue", () => {
    expect(gateReason(ApprovalScreenText.moveFirst, false)).toBe(ApprovalScreenText.moveOntoButton);
    expect(gateReason(ApprovalScreenText.moveFirst, true)).toBe(ApprovalScreenText.moveFirst);
  });

  it('keeps the reasons that name no button, and says the wait when the gate gave none', () => {
    for (const why of [ApprovalScreenText.hidden, ApprovalScreenText.cropped, ApprovalScreenText.waiting]) expect(gateReason(why, false)).toBe(why);
    expect(gateReason(undefined, false)).toBe(ApprovalScreenText.waiting);
  });
});
