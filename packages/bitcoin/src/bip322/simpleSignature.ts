import { schnorr, secp256k1 } from '@noble/curves/secp256k1';
import { ripemd160 } from '@noble/hashes/legacy';
import { sha256 } from '@noble/hashes/sha2';
import { equalBytes } from '../bytes.ts';
import { base64 } from '@scure/base';
import { OutScript, RawWitness } from '@scure/btc-signer';
import { decodeBitcoinAddress } from '../address.ts';
import type { BitcoinNetworkName } from '../networks.ts';
import { segwitV0Sighash, SigHash, taprootKeySighash, toSignTransaction } from './virtualTransactions.ts';

/** BIP-322's variant prefix of a "simple" signature (the finalized text; older signers omit it). */
export const SIMPLE_PREFIX = 'smp';

/**
 * Signs `message` with BIP-322's simple variant for the P2WPKH or P2TR (BIP-86 key path) address of
 * `privateKey`; the result is `smp` + base64 of the witness stack (`prefix: false` leaves the prefix out).
 */
export function signBip322(params: {
  message: string;
  privateKey: Uint8Array;
  address: string;
  network: BitcoinNetworkName;
  prefix?: boolean;
}): string {
  const { type, script } = decodeBitcoinAddress(params.address, params.network);
  let tx;
  if (type === 'p2wpkh') {
    tx = toSignTransaction(params.message, script);
  } else if (type === 'p2tr') {
    tx = toSignTransaction(params.message, script, schnorr.getPublicKey(params.privateKey));
  } else {
    throw new TypeError(`BIP-322 signing supports P2WPKH and P2TR addresses, not ${type}`);
  }
  if (!tx.signIdx(params.privateKey, 0)) throw new Error('The key does not own this address');
  tx.finalizeIdx(0);
  const witness = tx.getInput(0).finalScriptWitness;
  if (!witness) throw new Error('BIP-322 signing produced no witness');
  return (params.prefix === false ? '' : SIMPLE_PREFIX) + base64.encode(RawWitness.encode(witness));
}

const hash160 = (bytes: Uint8Array) => ripemd160(sha256(bytes));

/** Verifies a simple-variant witness stack for a P2WPKH or P2TR (key path) address. */
export function verifySimpleWitness(message: string, witness: readonly Uint8Array[], address: string, network: BitcoinNetworkName): boolean {
  const { type, script, program } = decodeBitcoinAddress(address, network);
  if (type === 'p2wpkh') {
    if (witness.length !== 2) return false;
    const [signatureWithType, publicKey] = witness as [Uint8Array, Uint8Array];
    if (publicKey.length !== 33 || signatureWithType.length < 9) return false;
    if (!equalBytes(hash160(publicKey), program)) return false;
    const hashType = signatureWithType[signatureWithType.length - 1]!;
    if (hashType !== SigHash.ALL) return false;
    const signature = secp256k1.Signature.fromDER(signatureWithType.subarray(0, -1));
    const scriptCode = OutScript.encode({ type: 'pkh', hash: program });
    const sighash = segwitV0Sighash(toSignTransaction(message, script), scriptCode, hashType);
    // Consensus requires low-S for segwit (BIP-146 is policy, but every signer here emits low-S).
    return secp256k1.verify(signature.toCompactRawBytes(), sighash, publicKey, { prehash: false, lowS: false });
  }
  if (type === 'p2tr') {
    // Key path only: one element, a 64-byte signature (SIGHASH_DEFAULT) or 65 with an explicit type.
    if (witness.length !== 1) return false;
    const signature = witness[0]!;
    if (signature.length !== 64 && signature.length !== 65) return false;
    const hashType = signature.length === 65 ? signature[64]! : SigHash.DEFAULT;
    if (signature.length === 65 && (hashType === SigHash.DEFAULT || hashType !== SigHash.ALL)) return false;
    const sighash = taprootKeySighash(toSignTransaction(message, script), script, hashType);
    return schnorr.verify(signature.subarray(0, 64), sighash, program);
  }
  return false;
}

