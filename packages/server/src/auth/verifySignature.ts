import { isAddressEqual, recoverMessageAddress, type Address, type Hex } from 'viem';
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
 * Whether `address` signed `message`: an EOA by ecrecover, done here without a node; otherwise a
 * contract account through the chain: ERC-1271 isValidSignature for a deployed account, ERC-6492
 * for one not deployed yet (viem's verifyMessage runs both through eth_call). An unreachable node
 * throws ChainUnavailableError (a 502), not a refusal.
 */
export async function verifySignature({ address, message, signature, chain }: VerifySignatureParameters): Promise<boolean> {
  try {
    if (isAddressEqual(await recoverMessageAddress({ message, signature }), address)) return true;
  } catch {
    // Not a 65-byte ECDSA signature: it may still be a contract account's (ERC-1271 / ERC-6492).
  }
  if (!chain) return false;
  try {
    if (await chain.client.verifyMessage({ address, message, signature })) return true;
    // viem answers false also when the node did not answer (its eth_call error becomes a failed
    // verification): ask the node something trivial, so a node that is down is a 502, not a "no".
    await chain.client.getChainId();
    return false;
  } catch (error) {
    if (isTransportError(error)) throw new ChainUnavailableError(chain.config.rpcUrl, error);
    return false;
  }
}
