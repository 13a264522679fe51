import { sha256 } from '@noble/hashes/sha2';
import { hex } from '@scure/base';
import { RawTx, Script, SigHash, Transaction } from '@scure/btc-signer';
import { bip322MessageHash } from './messageHash.ts';

// BIP-322's two virtual transactions: `to_spend` pays the address being proven (the message
// challenge) from a fake input committing to the message hash; `to_sign` spends it to OP_RETURN.

const txidOf = (raw: Uint8Array) => hex.encode(sha256(sha256(raw)).reverse());
const OP_RETURN_SCRIPT = Script.encode(['RETURN']);

export function toSpendTxid(message: string | Uint8Array, messageChallenge: Uint8Array): string {
  return txidOf(
    RawTx.encode({
      version: 0,
      segwitFlag: false,
      inputs: [{ txid: new Uint8Array(32), index: 0xffffffff, finalScriptSig: Script.encode(['OP_0', bip322MessageHash(message)]), sequence: 0 }],
      outputs: [{ amount: 0n, script: messageChallenge }],
      witnesses: [],
      lockTime: 0,
    }),
  );
}

/** The txid of `to_sign` before any witness (the BIP's "transaction hash" vectors). */
export function toSignTxid(message: string | Uint8Array, messageChallenge: Uint8Array): string {
  return txidOf(
    RawTx.encode({
      version: 0,
      segwitFlag: false,
      inputs: [{ txid: hex.decode(toSpendTxid(message, messageChallenge)), index: 0, finalScriptSig: new Uint8Array(), sequence: 0 }],
      outputs: [{ amount: 0n, script: OP_RETURN_SCRIPT }],
      witnesses: [],
      lockTime: 0,
    }),
  );
}

/** `to_sign` as a transaction @scure/btc-signer can sign and hash (`tapInternalKey` for P2TR). */
export function toSignTransaction(message: string | Uint8Array, messageChallenge: Uint8Array, tapInternalKey?: Uint8Array): Transaction {
  const tx = new Transaction({ version: 0, allowUnknownOutputs: true });
  tx.addInput({
    txid: toSpendTxid(message, messageChallenge),
    index: 0,
    sequence: 0,
    witnessUtxo: { script: messageChallenge, amount: 0n },
    ...(tapInternalKey ? { tapInternalKey } : {}),
  });
  tx.addOutput({ script: OP_RETURN_SCRIPT, amount: 0n });
  return tx;
}

/** BIP-143 sighash of `to_sign`'s input for a P2WPKH key (script code: the P2PKH script of its hash). */
export function segwitV0Sighash(tx: Transaction, scriptCode: Uint8Array, hashType: number): Uint8Array {
  return tx.preimageWitnessV0(0, scriptCode, hashType, 0n);
}

/** BIP-341 key-path sighash of `to_sign`'s input. */
export function taprootKeySighash(tx: Transaction, messageChallenge: Uint8Array, hashType: number): Uint8Array {
  return tx.preimageWitnessV1(0, [messageChallenge], hashType, [0n]);
}

export { SigHash };
