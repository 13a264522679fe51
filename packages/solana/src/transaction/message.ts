import { addressToBytes, bytesToAddress } from '../address.ts';
import { base58Decode } from '../base58.ts';
import { compactU16, concatBytes, readCompactU16, u8 } from './bytes.ts';

export interface AccountMeta {
  address: string;
  signer: boolean;
  writable: boolean;
}

export interface Instruction {
  programId: string;
  accounts: readonly AccountMeta[];
  data: Uint8Array;
}

/** A legacy transaction message: what the signers sign. */
export interface CompiledMessage {
  bytes: Uint8Array;
  /** The account keys in message order; the first `signerCount` sign. */
  accountKeys: readonly string[];
  signerCount: number;
}

/**
 * Compiles instructions into a legacy message. Accounts are merged (signer and writable are
 * OR-ed) and ordered as the runtime requires: the fee payer, writable signers, read-only signers,
 * writable non-signers, read-only non-signers; program ids are read-only non-signers.
 */
export function compileMessage(params: { feePayer: string; recentBlockhash: string; instructions: readonly Instruction[] }): CompiledMessage {
  const metas = new Map<string, { signer: boolean; writable: boolean; order: number }>();
  const add = (address: string, signer: boolean, writable: boolean) => {
    const existing = metas.get(address);
    if (existing) {
      existing.signer ||= signer;
      existing.writable ||= writable;
    } else metas.set(address, { signer, writable, order: metas.size });
  };
  add(params.feePayer, true, true);
  for (const instruction of params.instructions) {
    for (const account of instruction.accounts) add(account.address, account.signer, account.writable);
    add(instruction.programId, false, false);
  }
  const rank = (meta: { signer: boolean; writable: boolean }) => (meta.signer ? 0 : 2) + (meta.writable ? 0 : 1);
  const ordered = [...metas.entries()].sort(([addressA, a], [addressB, b]) => {
    if (addressA === params.feePayer) return -1;
    if (addressB === params.feePayer) return 1;
    return rank(a) - rank(b) || a.order - b.order;
  });
  const accountKeys = ordered.map(([address]) => address);
  const index = new Map(accountKeys.map((address, position) => [address, position]));
  const signerCount = ordered.filter(([, meta]) => meta.signer).length;
  const readonlySigners = ordered.filter(([, meta]) => meta.signer && !meta.writable).length;
  const readonlyUnsigned = ordered.filter(([, meta]) => !meta.signer && !meta.writable).length;
  if (accountKeys.length > 0xff) throw new Error('Too many accounts for one transaction');

  const blockhash = base58Decode(params.recentBlockhash);
  if (blockhash.length !== 32) throw new Error('A blockhash is 32 bytes');
  const bytes = concatBytes(
    u8(signerCount),
    u8(readonlySigners),
    u8(readonlyUnsigned),
    compactU16(accountKeys.length),
    ...accountKeys.map(addressToBytes),
    blockhash,
    compactU16(params.instructions.length),
    ...params.instructions.flatMap((instruction) => [
      u8(index.get(instruction.programId)!),
      compactU16(instruction.accounts.length),
      Uint8Array.from(instruction.accounts.map((account) => index.get(account.address)!)),
      compactU16(instruction.data.length),
      instruction.data,
    ]),
  );
  return { bytes, accountKeys, signerCount };
}

/** The wire form: the signatures (64 bytes each, zeros for one not yet made) before the message. */
export function serializeTransaction(message: Uint8Array, signatures: readonly Uint8Array[]): Uint8Array {
  for (const signature of signatures) if (signature.length !== 64) throw new Error('A signature is 64 bytes');
  return concatBytes(compactU16(signatures.length), ...signatures, message);
}

/** A transaction with `signerCount` empty signature slots, for a wallet to sign. */
export function unsignedTransaction(message: CompiledMessage): Uint8Array {
  return serializeTransaction(message.bytes, Array.from({ length: message.signerCount }, () => new Uint8Array(64)));
}

export interface DecodedTransaction {
  signatures: Uint8Array[];
  message: Uint8Array;
  /** The message's account keys; the first `signerCount` are the signers, in signature order. */
  accountKeys: string[];
  signerCount: number;
}

/** Splits a wire transaction into its signatures and message, and reads the message's signers. */
export function decodeTransaction(bytes: Uint8Array): DecodedTransaction {
  const count = readCompactU16(bytes, 0);
  let offset = count.size;
  const signatures: Uint8Array[] = [];
  for (let i = 0; i < count.value; i++) {
    if (offset + 64 > bytes.length) throw new Error('Transaction too short for its signatures');
    signatures.push(bytes.slice(offset, offset + 64));
    offset += 64;
  }
  const message = bytes.slice(offset);
  if (message.length < 3) throw new Error('Transaction without a message');
  if ((message[0]! & 0x80) !== 0) throw new Error('Versioned transactions are not supported');
  const signerCount = message[0]!;
  const keys = readCompactU16(message, 3);
  let keyOffset = 3 + keys.size;
  const accountKeys: string[] = [];
  for (let i = 0; i < keys.value; i++) {
    if (keyOffset + 32 > message.length) throw new Error('Message too short for its account keys');
    accountKeys.push(bytesToAddress(message.slice(keyOffset, keyOffset + 32)));
    keyOffset += 32;
  }
  if (signerCount !== signatures.length || signerCount > accountKeys.length) throw new Error('Signature count does not match the message');
  return { signatures, message, accountKeys, signerCount };
}
