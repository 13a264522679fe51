import { selectUTXO } from '@scure/btc-signer';
import { decodeBitcoinAddress } from './address.ts';
import type { BitcoinUtxo } from './chainSource.ts';
import { bitcoinNetworkParams, type BitcoinNetworkName } from './networks.ts';

export interface TransferPlan {
  /** The unsigned transaction as a PSBT (BIP-174), inputs carrying their witness UTXOs. */
  psbt: Uint8Array;
  /** Satoshis paid to miners. */
  fee: bigint;
  /** The inputs picked, for a wallet API that asks which inputs to sign. */
  inputCount: number;
}

/** Fee rates are whole sat/vB; a fractional Esplora estimate rounds up. */
export const feeRateOf = (satsPerVbyte: number) => BigInt(Math.max(1, Math.ceil(satsPerVbyte)));

/**
 * Plans a send of `amount` satoshis from a P2WPKH or P2TR payment address to `receiver`: picks
 * confirmed and unconfirmed UTXOs, pays `feeRate` sat/vB, returns change to the sender.
 */
export function planTransfer(params: {
  utxos: readonly BitcoinUtxo[];
  from: string;
  /** The x-only key of a P2TR sender (its BIP-86 internal key); unused for P2WPKH. */
  tapInternalKey?: Uint8Array;
  receiver: string;
  amount: bigint;
  feeRate: bigint;
  network: BitcoinNetworkName;
}): TransferPlan {
  const { utxos, from, receiver, amount, feeRate, network } = params;
  if (typeof amount !== 'bigint' || amount <= 0n) throw new Error('Enter an amount above zero');
  const sender = decodeBitcoinAddress(from, network);
  decodeBitcoinAddress(receiver, network);
  if (sender.type !== 'p2wpkh' && sender.type !== 'p2tr') throw new Error(`Sending from a ${sender.type} address is not supported`);
  const inputs = utxos.map((utxo) => ({
    txid: utxo.txid,
    index: utxo.vout,
    witnessUtxo: { script: sender.script, amount: utxo.value },
    ...(sender.type === 'p2tr' && params.tapInternalKey ? { tapInternalKey: params.tapInternalKey } : {}),
  }));
  const selected = selectUTXO(inputs, [{ address: receiver, amount }], 'default', {
    feePerByte: feeRate,
    changeAddress: from,
    network: bitcoinNetworkParams(network),
    createTx: true,
    bip69: false,
  });
  if (!selected || !selected.tx || selected.fee === undefined) throw new Error('Insufficient balance');
  return { psbt: selected.tx.toPSBT(), fee: selected.fee, inputCount: selected.inputs.length };
}
