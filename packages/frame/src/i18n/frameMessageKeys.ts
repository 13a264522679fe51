import { CustodyErrorText } from '../custody/errors.ts';
import { DeviceManagerText } from '../login/deviceManagement.ts';
import { ApprovalWindowText } from '../page/approvalWindowPrompts.ts';
import { RecoveryPromptText } from '../page/recoveryPrompts.ts';
import { ApprovalScreenText } from '../signing/approvalGate.ts';

/**
 * The frame's texts its screens show through `t(...)` of a table's value (the approval screen's
 * hints, the recovery screens' problems), by the id each has in en.json and the catalogues:
 * `<table>.<key>` (`approvalScreenText.hidden`). frameCatalogues.test.ts keeps en.json's English
 * equal to the tables'.
 */
export function frameTableTextIds(): Record<string, string> {
  const ids: Record<string, string> = {};
  for (const [table, texts] of Object.entries({ approvalScreenText: ApprovalScreenText, approvalWindowText: ApprovalWindowText, recoveryPromptText: RecoveryPromptText, recoveryDeviceText: DeviceManagerText, custodyErrorText: CustodyErrorText })) {
    for (const [key, text] of Object.entries(texts)) if (!Object.values(ids).includes(text)) ids[`${table}.${key}`] = text;
  }
  return ids;
}
