import { encodeErrorResult, parseAbi } from 'viem';
import { describe, expect, it } from 'vitest';
import { grantRefusal } from './grantRefusal.ts';
import { PermissionsText } from './permissionsRequest.ts';

const revertData = (reason: string) => encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [reason] });
// How alto's refusal reaches the frame through viem: the Error(string) data inside the message.
const bundlerError = (reason: string) => new Error(`Execution reverted with reason: UserOperation reverted during simulation with reason: ${revertData(reason)}.`);

describe("the frame's words for a grant CairnAccount refused in the bundler's estimate (session 25)", () => {
  it("names the account's session reasons in the frame's texts", () => {
    expect(grantRefusal(bundlerError('session: ERC-721 token'))).toBe(PermissionsText.erc721Token);
    expect(grantRefusal(bundlerError('session: function no total bounds'))).toBe(PermissionsText.unbounded);
    expect(grantRefusal(bundlerError('session: token call with value'))).toBe(PermissionsText.tokenCallWithValue);
  });

  it('leaves any other error as it is', () => {
    expect(grantRefusal(bundlerError('session: expired'))).toBeUndefined();
    expect(grantRefusal(bundlerError('ERC20: transfer amount exceeds balance'))).toBeUndefined();
    expect(grantRefusal(new Error('AA21 didn\'t pay prefund'))).toBeUndefined();
    expect(grantRefusal(new Error(`reason: 0x08c379a0${'zz'.repeat(80)}`))).toBeUndefined();
    expect(grantRefusal(new Error(`reason: 0x08c379a0${'00'.repeat(80)}`))).toBeUndefined();
    expect(grantRefusal(undefined)).toBeUndefined();
  });
});
