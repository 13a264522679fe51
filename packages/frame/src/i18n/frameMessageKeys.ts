import { CustodyErrorText } from '../custody/errors.ts';
import { RecoveryPromptText } from '../page/recoveryPrompts.ts';
import { ApprovalScreenText } from '../signing/approvalGate.ts';

/**
 * The frame's texts its screens show through `t(...)` of a table's value (the approval screen's
 * hints, the recovery screens' problems): with every `t('...')` of the frame's sources, the keys
 * each catalogue holds.
 */
export const frameTableKeys = (): string[] => [...Object.values(ApprovalScreenText), ...Object.values(RecoveryPromptText), ...Object.values(CustodyErrorText)];
