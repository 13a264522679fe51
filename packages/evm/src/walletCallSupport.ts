// What the adapter's wallet and RPC calls need, in a chunk of its own that the adapter fetches when
// the page is idle (and every such call awaits): EIP-55 checksums need keccak, and none of this
// is needed to list wallets or paint the button.
export { normalizeEvmAddress } from './normalizeAddress.ts';
export { numberToHex, stringToHex } from 'viem';
export { addChainParameter } from './addChainParameter.ts';
export { jsonRpcRequest } from '@cairn/core/internal';
