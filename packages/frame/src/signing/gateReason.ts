import { ApprovalScreenText } from './approvalGate.ts';

/**
 * What a screen says when the gate refused a click on one of its buttons: the gate's reason, its
 * 'move onto Approve' naming the button itself for a button that is not Approve (Remove, Sign out
 * everywhere else, the Farcaster confirmation's Continue), and the wait when the gate gave none.
 */
export const gateReason = (why: string | undefined, approve: boolean): string =>
  why === ApprovalScreenText.moveFirst && !approve ? ApprovalScreenText.moveOntoButton : (why ?? ApprovalScreenText.waiting);
