/** The namespaces the proxy serves over HTTP JSON-RPC (bip122 is not one: the widget reads Bitcoin through Esplora's REST API). */
export type RpcNamespace = 'eip155' | 'solana' | 'polkadot';

/**
 * eip155: reads, fees, filters and already-signed transactions. Never anything that signs with a
 * node's keys (eth_sign*, eth_sendTransaction, personal_*), changes or inspects the node itself
 * (anvil_*, hardhat_*, debug_*, admin_*, miner_*, txpool_*), or costs a node far more than it
 * costs the caller (trace_*, eth_getBlockReceipts).
 */
const EIP155 = [
  'eth_chainId', 'net_version', 'eth_syncing', 'eth_blockNumber',
  'eth_gasPrice', 'eth_maxPriorityFeePerGas', 'eth_feeHistory', 'eth_blobBaseFee',
  'eth_getBalance', 'eth_getCode', 'eth_getStorageAt', 'eth_getTransactionCount', 'eth_getProof',
  'eth_call', 'eth_estimateGas', 'eth_createAccessList',
  'eth_getBlockByNumber', 'eth_getBlockByHash',
  'eth_getBlockTransactionCountByHash', 'eth_getBlockTransactionCountByNumber',
  'eth_getTransactionByHash', 'eth_getTransactionByBlockHashAndIndex', 'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionReceipt', 'eth_getLogs',
  'eth_newFilter', 'eth_newBlockFilter', 'eth_getFilterChanges', 'eth_getFilterLogs', 'eth_uninstallFilter',
  'eth_sendRawTransaction',
] as const;

/** solana: account, block and fee reads, and signed transactions (sendTransaction, simulateTransaction); no airdrops, no whole-program scans. */
const SOLANA = [
  'getAccountInfo', 'getBalance', 'getBlock', 'getBlockHeight', 'getBlockTime', 'getEpochInfo', 'getFeeForMessage',
  'getGenesisHash', 'getHealth', 'getLatestBlockhash', 'getMinimumBalanceForRentExemption', 'getMultipleAccounts',
  'getRecentPrioritizationFees', 'getSignatureStatuses', 'getSignaturesForAddress', 'getSlot', 'getTokenAccountBalance',
  'getTokenAccountsByOwner', 'getTokenSupply', 'getTransaction', 'getVersion', 'isBlockhashValid',
  'sendTransaction', 'simulateTransaction',
] as const;

/** polkadot: chain, state and fee reads and signed extrinsics; no node-operator calls (author_insertKey, system_addReservedPeer, ...). */
const POLKADOT = [
  'chain_getBlock', 'chain_getBlockHash', 'chain_getHeader', 'chain_getFinalizedHead',
  'state_call', 'state_getMetadata', 'state_getRuntimeVersion', 'state_getStorage', 'state_getKeysPaged', 'state_queryStorageAt',
  'system_chain', 'system_chainType', 'system_name', 'system_version', 'system_properties', 'system_health', 'system_accountNextIndex',
  'payment_queryInfo', 'payment_queryFeeDetails', 'rpc_methods',
  'author_submitExtrinsic',
] as const;

const SERVED: Record<RpcNamespace, ReadonlySet<string>> = { eip155: new Set(EIP155), solana: new Set(SOLANA), polkadot: new Set(POLKADOT) };

/** Whether the proxy forwards `method` on a chain of `namespace`; any other method is answered "Method not found" without reaching the node. */
export function isServedMethod(namespace: RpcNamespace, method: string): boolean {
  return SERVED[namespace].has(method);
}
