import { ed25519 } from '@noble/curves/ed25519';
import { base58, base64 } from '@scure/base';
import { getCompiledTransactionMessageDecoder, getTransactionDecoder, getTransactionEncoder, type SignatureBytes, type Address } from '@solana/kit';
import { JSON_RPC_TIMEOUT_MS, jsonRpcRequest } from '@cairn/core/internal';
import { readableText, type ApprovalRow, type ApprovalSummary } from './approvalSummary.ts';
import { ApprovalText } from './approvalRequest.ts';

// SPEC §6: the Solana sign methods need the user's approval. The frame's Solana account (SLIP-0010,
// custody/solanaAccount.ts) signs; the screen shows the message as text, or the transaction decoded
// (fee payer, blockhash, each instruction, a System transfer in SOL).

export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const;
export type SolanaMethod = (typeof SOLANA_METHODS)[number];
export const isSolanaMethod = (method: string): method is SolanaMethod => (SOLANA_METHODS as readonly string[]).includes(method);

export const SolanaApprovalText = {
  badParams: 'The Solana request is malformed',
  notSigner: 'This transaction does not ask the logged-in account to sign',
  noNetwork: 'This frame has no Solana network',
} as const;

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const MAX_BYTES = 64 * 1024;
const LAMPORTS_PER_SOL = 1_000_000_000n;

export type SolanaApprovalRequest =
  | { method: 'solana_signMessage'; message: Uint8Array }
  | { method: 'solana_signTransaction' | 'solana_signAndSendTransaction'; wire: Uint8Array; rows: ApprovalRow[] };

const field = (params: unknown, key: string): string | undefined => {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_BYTES * 2 ? value : undefined;
};

const sol = (lamports: bigint) => {
  const whole = lamports / LAMPORTS_PER_SOL;
  const fraction = (lamports % LAMPORTS_PER_SOL).toString().padStart(9, '0').replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''} SOL`;
};

/** The transaction's instructions as the user reads them: a System transfer in SOL, anything else by program. */
function transactionRows(wire: Uint8Array, account: string): ApprovalRow[] | { error: string } {
  const transaction = getTransactionDecoder().decode(wire);
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
  const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts);
  if (!signers.includes(account as Address)) return { error: SolanaApprovalText.notSigner };
  const rows: ApprovalRow[] = [
    { label: 'Fee payer', value: message.staticAccounts[0] ?? '', code: true },
    { label: 'Recent blockhash', value: message.lifetimeToken, code: true },
  ];
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups?.length ?? 0) : 0;
  if (lookups > 0) rows.push({ label: 'Address lookup tables', value: String(lookups) });
  (message.instructions ?? []).forEach((instruction, index) => {
    const program = message.staticAccounts[instruction.programAddressIndex] ?? `lookup #${instruction.programAddressIndex}`;
    const data = instruction.data ?? new Uint8Array();
    const accounts = (instruction.accountIndices ?? []).map((i) => message.staticAccounts[i] ?? `lookup #${i}`);
    if (program === SYSTEM_PROGRAM && data.length === 12 && new DataView(data.buffer, data.byteOffset).getUint32(0, true) === 2) {
      const lamports = new DataView(data.buffer, data.byteOffset).getBigUint64(4, true);
      rows.push({ label: `Instruction ${index + 1}`, value: `Transfer ${sol(lamports)} from ${accounts[0]} to ${accounts[1]}` });
    } else {
      rows.push({ label: `Instruction ${index + 1}`, value: `Program ${program}, ${accounts.length} accounts, ${data.length} bytes of data` });
    }
  });
  return rows;
}

/** Decoded and checked for the logged-in Solana account, before the user is asked. */
export function parseSolanaRequest(method: SolanaMethod, params: unknown, account: string): { request: SolanaApprovalRequest } | { error: string } {
  try {
    if (method === 'solana_signMessage') {
      const text = field(params, 'message');
      if (!text) return { error: SolanaApprovalText.badParams };
      const pubkey = field(params, 'pubkey');
      if (pubkey && pubkey !== account) return { error: ApprovalText.otherAccount };
      return { request: { method, message: base58.decode(text) } };
    }
    const text = field(params, 'transaction');
    if (!text) return { error: SolanaApprovalText.badParams };
    const wire = base64.decode(text);
    const rows = transactionRows(wire, account);
    if ('error' in rows) return rows;
    return { request: { method, wire, rows } };
  } catch {
    return { error: SolanaApprovalText.badParams };
  }
}

export function summarizeSolanaApproval(request: SolanaApprovalRequest, subject: { origin: string; networkName: string; account: string }): ApprovalSummary {
  const context: ApprovalRow[] = [
    { label: 'Site', value: subject.origin },
    { label: 'Network', value: subject.networkName },
    { label: 'Account', value: subject.account, code: true },
  ];
  if (request.method === 'solana_signMessage') {
    const hex = `0x${Array.from(request.message, (byte) => byte.toString(16).padStart(2, '0')).join('')}` as const;
    const text = readableText(hex);
    return { title: 'Sign a message', context, details: [text === undefined ? { label: 'Message (hex bytes)', value: hex, code: true } : { label: 'Message', value: text }] };
  }
  return { title: request.method === 'solana_signTransaction' ? 'Sign a transaction' : 'Send a transaction', context, details: request.rows };
}

/** Signs what was approved with the account's key; a transaction to send goes through the frame's own Solana RPC URL. */
export async function executeSolanaApproval(request: SolanaApprovalRequest, signer: { address: string; privateKey: Uint8Array }, rpcUrl: string): Promise<Record<string, string>> {
  if (request.method === 'solana_signMessage') return { signature: base58.encode(ed25519.sign(request.message, signer.privateKey)) };
  const transaction = getTransactionDecoder().decode(request.wire);
  const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), signer.privateKey);
  const signed = new Uint8Array(getTransactionEncoder().encode({ ...transaction, signatures: { ...transaction.signatures, [signer.address]: signature as SignatureBytes } }));
  if (request.method === 'solana_signTransaction') return { transaction: base64.encode(signed) };
  const sent = await jsonRpcRequest(rpcUrl, 'sendTransaction', [base64.encode(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }], { timeoutMs: JSON_RPC_TIMEOUT_MS });
  if (typeof sent !== 'string') throw new Error('The Solana node gave no signature');
  return { signature: sent };
}
