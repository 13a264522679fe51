import { parseSiweMessage, SiweError } from '@cairn/core/siwx';
import { getAddress, type Address, type Hex } from 'viem';
import { ApiError } from '../http/errors.ts';
import type { SignInVerifier } from './signInVerifier.ts';
import { verifySignature } from './verifySignature.ts';

const HEX_SIGNATURE = /^0x(?:[0-9a-fA-F]{2})*$/;

/** eip155: EIP-4361 messages, signed by an EOA (EIP-191) or a contract account (EIP-1271, ERC-6492). */
export const eip155SignIn: SignInVerifier = {
  namespace: 'eip155',
  accountLabel: 'Ethereum',
  servedNetworks: (services) => [...services.chains.keys()].map((chainId) => `eip155:${chainId}`),
  readMessage(message) {
    try {
      const fields = parseSiweMessage(message);
      return { ...fields, namespace: 'eip155', caipNetworkId: `eip155:${fields.chainId}` };
    } catch (error) {
      if (error instanceof SiweError) throw new ApiError(400, error.message, 'message');
      throw error;
    }
  },
  checkSignature(signature) {
    if (!HEX_SIGNATURE.test(signature)) throw new ApiError(400, 'body/signature must be a 0x-prefixed hex signature', 'signature');
  },
  async verifySignature({ claim, message, signature, services }) {
    const chain = services.chains.get(Number(claim.chainId));
    return verifySignature({ address: claim.address as Address, message, signature: signature as Hex, chain });
  },
  // EVM addresses ignore case: sessions are kept lowercase, shown EIP-55.
  addressKey: (address) => address.toLowerCase(),
  displayAddress: (key) => getAddress(key),
};
