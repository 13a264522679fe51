import { CustodyErrorText } from '../custody/errors.ts';
import { RecoveryPromptText } from '../page/recoveryPrompts.ts';
import { ApprovalScreenText } from '../signing/approvalGate.ts';

/**
 * The frame's texts its screens show through `t(...)` of a table's value (the approval screen's
 * hints, the recovery screens' problems): each catalogue translates them under their constant, and
 * the texts the sources name by id (`t('request.gasLimit')`) under their id.
 */
export const frameTableTexts = (): string[] => [...Object.values(ApprovalScreenText), ...Object.values(RecoveryPromptText), ...Object.values(CustodyErrorText)];
