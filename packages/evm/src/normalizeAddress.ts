import { getAddress, isAddress } from 'viem';

/**
 * EIP-55: all-lowercase input is un-checksummed and accepted; mixed case must carry a correct
 * checksum, so a mistyped address is rejected rather than silently "fixed".
 */
export function normalizeEvmAddress(address: unknown): `0x${string}` {
  if (typeof address !== 'string' || !isAddress(address, { strict: true })) {
    throw new Error(`Invalid EVM address: ${typeof address === 'string' ? address : typeof address}`);
  }
  return getAddress(address);
}
