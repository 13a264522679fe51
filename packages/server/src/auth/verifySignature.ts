import {
  encodeDeployData,
  encodeFunctionData,
  erc6492SignatureValidatorAbi,
  erc6492SignatureValidatorByteCode,
  hashMessage,
  hexToBool,
  isAddressEqual,
  isErc6492Signature,
  recoverMessageAddress,
  type Address,
  type Hex,
} from 'viem';
import type { ChainContext } from '../chain/chainContext.ts';
import { ChainUnavailableError } from '../chain/chainUnavailableError.ts';
import { isTransportError } from '../chain/readContracts.ts';

export type VerifySignatureParameters = {
  address: Address;
  /** The exact text that was signed with personal_sign (EIP-191). */
  message: string;
  signature: Hex;
  /** The chain the account lives on, for contract accounts; without it only an EOA signature verifies. */
  chain?: ChainContext;
};

/**
 * The gas one signature check may burn on the node. A contract wallet's isValidSignature, or an
 * ERC-6492 factory deploying one, fits well within it; an attacker's factory cannot make every
 * attempt cost the node its whole gas cap.
 */
export const SIGNATURE_CHECK_GAS = 2_000_000n;

const ERC1271_MAGIC_VALUE = '0x1626ba7e';
const isValidSignatureAbi = [
  {
    type: 'function',
    name: 'isValidSignature',
    stateMutability: 'view',
    inputs: [{ name: 'hash', type: 'bytes32' }, { name: 'signature', type: 'bytes' }],
    outputs: [{ type: 'bytes4' }],
  },
] as const;

/**
 * Whether `address` signed `message`: an EOA by ecrecover, done here without a node. Otherwise the
 * node is asked only when the signature can be a contract account's: ERC-6492 (an account not
 * deployed yet, checked by the deployless validator) when it carries the 6492 suffix, ERC-1271
 * isValidSignature when the address has code; both calls bounded by SIGNATURE_CHECK_GAS. A
 * failed ecrecover for an address without code costs one eth_getCode. An unreachable node throws
 * ChainUnavailableError (a 502), not a refusal.
 */
export async function verifySignature({ address, message, signature, chain }: VerifySignatureParameters): Promise<boolean> {
  if (!isErc6492Signature(signature)) {
    try {
      if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true;
    } catch {
      // Not a 65-byte ECDSA signature: it may still be a contract account's (ERC-1271).
    }
  }
  if (!chain) return false;
  const hash = hashMessage(message);
  try {
    if (isErc6492Signature(signature)) {
      const data = encodeDeployData({ abi: erc6492SignatureValidatorAbi, bytecode: erc6492SignatureValidatorByteCode, args: [address, hash, signature] });
      const { data: answer } = await chain.client.call({ data, gas: SIGNATURE_CHECK_GAS });
      return answer !== undefined && hexToBool(answer);
    }
    const code = await chain.client.getCode({ address });
    if (code === undefined || code === '0x') return false;
    const { data: answer } = await chain.client.call({
      to: address,
      data: encodeFunctionData({ abi: isValidSignatureAbi, functionName: 'isValidSignature', args: [hash, signature] }),
      gas: SIGNATURE_CHECK_GAS,
    });
    return answer !== undefined && answer.slice(0, 10).toLowerCase() === ERC1271_MAGIC_VALUE;
  } catch (error) {
    if (isTransportError(error)) throw new ChainUnavailableError(chain.config.rpcUrl, error);
    // A revert, out of gas or a malformed answer: not a valid signature.
    return false;
  }
}
