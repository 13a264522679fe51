// What the bitcoin adapter reads from a chain and sends to it. The production implementation is
// the Esplora HTTP client (esplora/esploraClient.ts) against the URL the site configured.

export interface BitcoinTxStatus {
  confirmed: boolean;
  blockHeight?: number;
  blockHash?: string;
  blockTime?: number;
}

export interface BitcoinUtxo {
  txid: string;
  vout: number;
  /** Satoshis. */
  value: bigint;
  status: BitcoinTxStatus;
}

export interface BitcoinAddressBalance {
  /** Funded minus spent in confirmed transactions (satoshis). */
  confirmed: bigint;
  /** The same for the mempool; negative while a spend waits for a block. */
  unconfirmed: bigint;
  total: bigint;
}

export interface BitcoinTxOutput {
  address?: string;
  value: bigint;
}

export interface BitcoinTransaction {
  txid: string;
  fee: bigint;
  status: BitcoinTxStatus;
  /** Previous outputs spent (absent for a coinbase input). */
  inputs: readonly (BitcoinTxOutput | undefined)[];
  outputs: readonly BitcoinTxOutput[];
}

/** Fee rate (sat/vB) per confirmation target (blocks). */
export type BitcoinFeeEstimates = ReadonlyMap<number, number>;

export interface BitcoinChainSource {
  getBalance(address: string): Promise<BitcoinAddressBalance>;
  getUtxos(address: string): Promise<readonly BitcoinUtxo[]>;
  /** Newest first: the mempool, then confirmed; `lastSeenTxid` pages on through confirmed ones. */
  getTransactions(address: string, lastSeenTxid?: string): Promise<readonly BitcoinTransaction[]>;
  getFeeEstimates(): Promise<BitcoinFeeEstimates>;
  getTransactionStatus(txid: string): Promise<BitcoinTxStatus>;
  getTipHeight(): Promise<number>;
  /** Sends a signed raw transaction (hex); resolves with its txid. */
  broadcast(rawTransactionHex: string): Promise<string>;
}
