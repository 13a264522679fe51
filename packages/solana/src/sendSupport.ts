// Building, pricing and watching sends: a chunk of its own, fetched when Send opens (the curve
// maths behind token accounts is not needed before).
import type { CaipNetwork, SendParams } from '@cairn/core';
import { base64Encode } from './base64.ts';
import { normalizeSolanaAddress } from './address.ts';
import { solanaRpc } from './solanaRpc.ts';
import { associatedTokenAddress } from './transaction/programAddress.ts';
import { createAssociatedTokenAccount, transferChecked, transferSol } from './transaction/instructions.ts';
import { compileMessage, unsignedTransaction, type CompiledMessage, type Instruction } from './transaction/message.ts';
import { TOKEN_ACCOUNT_SIZE } from './transaction/programs.ts';

/** The instructions of a send: a System transfer, or the receiver's token account (if missing) and a checked SPL transfer. */
export function sendInstructions(params: SendParams): Instruction[] {
  const from = normalizeSolanaAddress(params.from);
  const receiver = normalizeSolanaAddress(params.receiver);
  if (!params.token) return [transferSol(from, receiver, params.amount)];
  const mint = normalizeSolanaAddress(params.token.address);
  const destination = associatedTokenAddress(receiver, mint);
  return [
    createAssociatedTokenAccount({ payer: from, account: destination, owner: receiver, mint }),
    transferChecked({ source: associatedTokenAddress(from, mint), mint, destination, owner: from, amount: params.amount, decimals: params.token.decimals }),
  ];
}

async function compileSend(params: SendParams): Promise<CompiledMessage> {
  const { value } = await solanaRpc<{ value: { blockhash: string } }>(params.network, 'getLatestBlockhash', [{ commitment: 'confirmed' }]);
  return compileMessage({ feePayer: normalizeSolanaAddress(params.from), recentBlockhash: value.blockhash, instructions: sendInstructions(params) });
}

/** The unsigned wire transaction the wallet is asked to sign and send. */
export async function buildSendTransaction(params: SendParams): Promise<Uint8Array> {
  return unsignedTransaction(await compileSend(params));
}

/** Lamports per signature when the node cannot price a message (the cluster default). */
const FALLBACK_SIGNATURE_FEE = 5000n;

/**
 * What a send costs in lamports: the node's fee for the message, plus the rent of the receiver's
 * token account when the send has to create it.
 */
export async function estimateSolanaSend(params: SendParams): Promise<bigint> {
  const message = await compileSend(params);
  const priced = await solanaRpc<{ value: number | null }>(params.network, 'getFeeForMessage', [base64Encode(message.bytes), { commitment: 'confirmed' }]).catch(
    () => ({ value: null }),
  );
  let fee = priced.value === null ? FALLBACK_SIGNATURE_FEE * BigInt(message.signerCount) : BigInt(priced.value);
  if (params.token) {
    const destination = associatedTokenAddress(normalizeSolanaAddress(params.receiver), normalizeSolanaAddress(params.token.address));
    const account = await solanaRpc<{ value: unknown }>(params.network, 'getAccountInfo', [destination, { encoding: 'base64', dataSlice: { offset: 0, length: 0 } }]);
    if (account.value === null) fee += BigInt(await solanaRpc<number>(params.network, 'getMinimumBalanceForRentExemption', [TOKEN_ACCOUNT_SIZE]));
  }
  return fee;
}

/** Sends a wallet-signed transaction through the network's RPC; resolves with its signature. */
export function sendRawTransaction(network: CaipNetwork, signed: Uint8Array): Promise<string> {
  return solanaRpc<string>(network, 'sendTransaction', [base64Encode(signed), { encoding: 'base64', preflightCommitment: 'confirmed' }]);
}

const POLL_MS = 500;

/** Confirmation by polling the signature's status (SPEC §7 polling): confirmed or finalized, or failed. */
export async function waitForSolanaTransaction(params: { network: CaipNetwork; hash: string; signal?: AbortSignal }): Promise<'success' | 'reverted'> {
  for (;;) {
    params.signal?.throwIfAborted();
    const statuses = await solanaRpc<{ value: ({ err: unknown; confirmationStatus?: string } | null)[] }>(params.network, 'getSignatureStatuses', [
      [params.hash],
      { searchTransactionHistory: true },
    ]).catch(() => undefined); // a node that does not answer yet is "not yet", never a failure
    const status = statuses?.value[0];
    if (status?.err) return 'reverted';
    if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return 'success';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, POLL_MS);
      params.signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        reject(params.signal!.reason ?? new Error('aborted'));
      });
    });
  }
}
