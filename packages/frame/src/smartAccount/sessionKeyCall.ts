import { encodeFunctionData, type Address } from 'viem';
import { cairnAccountAbi } from './cairnAccount.ts';
import type { PermissionsRequest } from './permissionsRequest.ts';
import type { SmartAccountCall } from './smartAccountSender.ts';

/**
 * The call a session key's grant or revoke is: the account calling itself (CairnAccount's
 * grantSession or revokeSession), carried by one of its user operations, whose gas the account pays
 * like any other's. What the approval screen estimates and what is signed.
 */
export function sessionKeyCall(change: PermissionsRequest, account: Address): SmartAccountCall {
  const data =
    change.method === 'wallet_grantPermissions'
      ? encodeFunctionData({
          abi: cairnAccountAbi,
          functionName: 'grantSession',
          // No selector: the key may send plain value transfers only (CairnAccount reads 0x00000000 so).
          args: [change.grant.key, change.grant.target, change.grant.selector ?? '0x00000000', change.grant.valueLimit, change.grant.expiry, change.grant.gasBudget, change.grant.allowance],
        })
      : encodeFunctionData({ abi: cairnAccountAbi, functionName: 'revokeSession', args: [change.key] });
  return { to: account, value: 0n, data };
}
