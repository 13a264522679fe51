import { ed25519 } from '@noble/curves/ed25519';
import { base58, base64 } from '@scure/base';
import { getCompiledTransactionMessageDecoder, getTransactionDecoder, getTransactionEncoder, type SignatureBytes, type Address } from '@solana/kit';
import { JSON_RPC_TIMEOUT_MS, jsonRpcRequest } from '@cairn/core/internal';
import { fill, type Translate } from '@cairn/core/rules';
import { readableText, type ApprovalRow, type ApprovalSummary } from './approvalSummary.ts';
import { ApprovalText } from './approvalRequest.ts';
import { describeSolanaInstruction } from './solanaInstructions.ts';

// SPEC §6: the Solana sign methods need the user's approval. The frame's Solana account (SLIP-0010,
// custody/solanaAccount.ts) signs; the screen shows the message as text, or the transaction decoded
// (fee payer, blockhash, each instruction: a SOL or SPL token transfer in words, solanaInstructions.ts).

export const SOLANA_METHODS = ['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction'] as const;
export type SolanaMethod = (typeof SOLANA_METHODS)[number];
export const isSolanaMethod = (method: string): method is SolanaMethod => (SOLANA_METHODS as readonly string[]).includes(method);

export const SolanaApprovalText = {
  badParams: 'The Solana request is malformed',
  notSigner: 'This transaction does not ask the logged-in account to sign',
  noNetwork: 'This frame has no Solana network',
  messageIsTransaction: 'This message is a Solana transaction for this account: a site must ask to sign it as a transaction',
} as const;

const MAX_BYTES = 64 * 1024;

type CompiledMessage = ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>;

export type SolanaApprovalRequest =
  | { method: 'solana_signMessage'; message: Uint8Array }
  | { method: 'solana_signTransaction' | 'solana_signAndSendTransaction'; wire: Uint8Array; message: CompiledMessage };

const field = (params: unknown, key: string): string | undefined => {
  const value = typeof params === 'object' && params !== null ? (params as Record<string, unknown>)[key] : undefined;
  return typeof value === 'string' && value.length > 0 && value.length <= MAX_BYTES * 2 ? value : undefined;
};

/** The transaction's instructions as the user reads them: SOL and SPL token transfers in words, anything else by program. */
function transactionRows(message: CompiledMessage, t: Translate): ApprovalRow[] {
  const rows: ApprovalRow[] = [
    { label: t('solana.feePayer'), value: message.staticAccounts[0] ?? '', code: true },
    { label: t('solana.recentBlockhash'), value: message.lifetimeToken, code: true },
  ];
  const lookups = 'addressTableLookups' in message ? (message.addressTableLookups?.length ?? 0) : 0;
  if (lookups > 0) rows.push({ label: t('solana.addressLookupTables'), value: String(lookups) });
  (message.instructions ?? []).forEach((instruction, index) => {
    const program = message.staticAccounts[instruction.programAddressIndex] ?? `lookup #${instruction.programAddressIndex}`;
    const accounts = (instruction.accountIndices ?? []).map((i) => message.staticAccounts[i] ?? `lookup #${i}`);
    rows.push({ label: t('solana.instructionNumber', { number: index + 1 }), value: describeSolanaInstruction({ program, accounts, data: new Uint8Array(instruction.data ?? []) }, t) });
  });
  return rows;
}

/**
 * Whether `bytes` read as a transaction message that `account` signs. Solana signs a message's bytes
 * as they are, with no prefix: such bytes passed as a message would give a valid signature of that
 * transaction, shown to the user only as hex. A text can read so only by holding the account's 32
 * public-key bytes at a signer's place, which no sign-in or other text does.
 */
function isTransactionSignedBy(bytes: Uint8Array, account: string): boolean {
  let message: CompiledMessage;
  try {
    message = getCompiledTransactionMessageDecoder().decode(bytes);
  } catch {
    return false;
  }
  return message.staticAccounts.slice(0, message.header.numSignerAccounts).includes(account as Address);
}

/** Decoded and checked for the logged-in Solana account, before the user is asked. */
export function parseSolanaRequest(method: SolanaMethod, params: unknown, account: string): { request: SolanaApprovalRequest } | { error: string } {
  try {
    if (method === 'solana_signMessage') {
      const text = field(params, 'message');
      if (!text) return { error: SolanaApprovalText.badParams };
      const pubkey = field(params, 'pubkey');
      if (pubkey && pubkey !== account) return { error: ApprovalText.otherAccount };
      const message = base58.decode(text);
      if (isTransactionSignedBy(message, account)) return { error: SolanaApprovalText.messageIsTransaction };
      return { request: { method, message } };
    }
    const text = field(params, 'transaction');
    if (!text) return { error: SolanaApprovalText.badParams };
    const wire = base64.decode(text);
    const message = getCompiledTransactionMessageDecoder().decode(getTransactionDecoder().decode(wire).messageBytes);
    const signers = message.staticAccounts.slice(0, message.header.numSignerAccounts);
    if (!signers.includes(account as Address)) return { error: SolanaApprovalText.notSigner };
    return { request: { method, wire, message } };
  } catch {
    return { error: SolanaApprovalText.badParams };
  }
}

/** The approval screen's content, in `t`'s language. */
export function summarizeSolanaApproval(request: SolanaApprovalRequest, subject: { origin: string; networkName: string; account: string }, t: Translate = fill): ApprovalSummary {
  const context: ApprovalRow[] = [
    { label: t('common.site'), value: subject.origin },
    { label: t('common.network'), value: subject.networkName },
    { label: t('common.account'), value: subject.account, code: true },
  ];
  if (request.method === 'solana_signMessage') {
    const hex = `0x${Array.from(request.message, (byte) => byte.toString(16).padStart(2, '0')).join('')}` as const;
    const text = readableText(hex);
    return { title: t('common.signAMessage'), context, details: [text === undefined ? { label: t('solana.messageHexBytes'), value: hex, code: true } : { label: t('common.message'), value: text }] };
  }
  return { title: request.method === 'solana_signTransaction' ? t('solana.signATransaction') : t('common.sendATransaction'), context, details: transactionRows(request.message, t) };
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
