import { getAddress, type Address, type Hex } from 'viem';
import { movesTokens } from '../smartAccount/permissionsRequest.ts';
import type { ApprovalRequest } from './approvalRequest.ts';
import { readTokenCall } from './tokenCall.ts';

/** The calls a request makes (a transaction's one, a batch's, a user operation's); none for a signature. */
export function approvalCalls(request: ApprovalRequest): readonly { to?: Hex; value: bigint; data?: Hex }[] {
  switch (request.method) {
    case 'eth_sendTransaction':
      return [request.transaction];
    case 'wallet_sendCalls':
    case 'eth_sendUserOperation':
      return request.calls;
    default:
      return [];
  }
}

/** The tokens whose amount the request's calls name (transfer, transferFrom, approve, increaseAllowance), or a token session's total, each once. */
export function tokensWithAmounts(request: ApprovalRequest): Address[] {
  if (request.method === 'wallet_grantPermissions') return movesTokens(request.grant.selector) ? [getAddress(request.grant.target)] : [];
  const tokens = new Set<Address>();
  for (const call of approvalCalls(request)) {
    const tokenCall = call.to && call.data ? readTokenCall(call.data) : undefined;
    if (call.to && tokenCall && tokenCall.name !== 'setApprovalForAll') tokens.add(getAddress(call.to));
  }
  return [...tokens];
}
