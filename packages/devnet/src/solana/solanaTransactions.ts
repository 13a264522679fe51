import { ed25519 } from '@noble/curves/ed25519';
import { hexToBytes } from '@noble/hashes/utils';
import { base58, base64 } from '@scure/base';
import { compileMessage, serializeTransaction, type Instruction } from '@cairn/solana/transaction';
import { solanaRpc } from './solanaRpc.ts';

export type SolanaSigner = { address: string; secretKey: string };

const CONFIRM_TIMEOUT_MS = 15_000;

/** Signs with every signer (the first pays the fee), sends, and waits until the transaction is confirmed. */
export async function sendSolanaTransaction(rpcUrl: string, instructions: readonly Instruction[], signers: readonly SolanaSigner[]): Promise<string> {
  const { value } = await solanaRpc<{ value: { blockhash: string } }>(rpcUrl, 'getLatestBlockhash', [{ commitment: 'confirmed' }]);
  const message = compileMessage({ feePayer: signers[0]!.address, recentBlockhash: value.blockhash, instructions });
  const keys = new Map(signers.map((signer) => [signer.address, signer.secretKey]));
  const signatures = message.accountKeys.slice(0, message.signerCount).map((address) => {
    const secret = keys.get(address);
    if (!secret) throw new Error(`No key for signer ${address}`);
    return ed25519.sign(message.bytes, hexToBytes(secret));
  });
  const wire = serializeTransaction(message.bytes, signatures);
  const signature = await solanaRpc<string>(rpcUrl, 'sendTransaction', [base64.encode(wire), { encoding: 'base64' }]);
  if (signature !== base58.encode(signatures[0]!)) throw new Error(`The node returned signature ${signature} for another transaction`);
  await waitForSignature(rpcUrl, signature);
  return signature;
}

/** Polls getSignatureStatuses until confirmed; throws with the program error if it failed. */
export async function waitForSignature(rpcUrl: string, signature: string, timeoutMs = CONFIRM_TIMEOUT_MS): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { value } = await solanaRpc<{ value: ({ err: unknown; confirmationStatus?: string } | null)[] }>(rpcUrl, 'getSignatureStatuses', [
      [signature],
      { searchTransactionHistory: true },
    ]);
    const status = value[0];
    if (status?.err) throw new Error(`Transaction ${signature} failed: ${JSON.stringify(status.err)}`);
    if (status && (status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized')) return;
    if (Date.now() > deadline) throw new Error(`Transaction ${signature} not confirmed within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function solanaBalance(rpcUrl: string, address: string): Promise<bigint> {
  const { value } = await solanaRpc<{ value: number }>(rpcUrl, 'getBalance', [address, { commitment: 'confirmed' }]);
  return BigInt(value);
}

/** The raw amount in a token account, 0 when it does not exist. */
export async function solanaTokenAccountBalance(rpcUrl: string, tokenAccount: string): Promise<bigint> {
  const info = await solanaRpc<{ value: { data: [string, string] } | null }>(rpcUrl, 'getAccountInfo', [
    tokenAccount,
    { encoding: 'base64', commitment: 'confirmed' },
  ]);
  if (!info.value) return 0n;
  const data = base64.decode(info.value.data[0]);
  return new DataView(data.buffer, data.byteOffset).getBigUint64(64, true); // mint 32, owner 32, then amount
}
