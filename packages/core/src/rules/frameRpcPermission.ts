/**
 * SPEC §6: what the secure frame does with an RPC call from the site. Reads on the allow-list are
 * answered, the signing methods wait for the user's approval in the frame, and everything else is
 * refused with 'Requested RPC call is not allowed' (the user sees 'Action not allowed').
 */
export type FrameRpcPermission = 'read' | 'approve' | 'refuse';

export const FRAME_READ_METHODS: ReadonlySet<string> = new Set([
  'eth_accounts',
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'net_version',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_getAssets',
]);

export const FRAME_APPROVAL_METHODS: ReadonlySet<string> = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
]);

export function frameRpcPermission(method: unknown): FrameRpcPermission {
  if (typeof method !== 'string') return 'refuse';
  if (FRAME_READ_METHODS.has(method)) return 'read';
  if (FRAME_APPROVAL_METHODS.has(method)) return 'approve';
  return 'refuse';
}
