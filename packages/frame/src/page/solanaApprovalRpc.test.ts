import { ed25519 } from '@noble/curves/ed25519';
import { base58, base64 } from '@scure/base';
import {
  AccountRole,
  address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit';
import { jsonRpcRequest } from '@cairn/core/internal';
import { useTestSolanaChain } from '@cairn/devnet/testing';
import { describe, expect, it } from 'vitest';
import { solanaAccountOf } from '../custody/solanaAccount.ts';
import { generateWalletSecret } from '../custody/walletSecret.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { SolanaApprovalText } from '../signing/solanaApproval.ts';
import { solanaApprovalRpc } from './solanaApprovalRpc.ts';

// The frame's Solana account signing on a real local Solana chain (Surfpool), through the approval
// handler the frame page uses; the screen is the one stand-in (it approves or rejects what it is shown).
const chain = useTestSolanaChain();
const rpc = <T>(method: string, params: unknown[]) => jsonRpcRequest(chain().rpcUrl, method, params) as Promise<T>;
const balance = async (account: string) => BigInt((await rpc<{ value: number }>('getBalance', [account, { commitment: 'confirmed' }])).value);

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  for (let tries = 0; tries < 100; tries++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('condition not met in time');
}

/** A System transfer from `from` to `to`, unsigned, as a site hands it to the wallet (base64 wire). */
async function transfer(from: string, to: string, lamports: bigint): Promise<string> {
  const { value } = await rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [{ commitment: 'confirmed' }]);
  const data = new Uint8Array(12);
  new DataView(data.buffer).setUint32(0, 2, true);
  new DataView(data.buffer).setBigUint64(4, lamports, true);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }, m),
    (m) =>
      appendTransactionMessageInstruction(
        { programAddress: address('11111111111111111111111111111111'), accounts: [{ address: address(from), role: AccountRole.WRITABLE_SIGNER }, { address: address(to), role: AccountRole.WRITABLE }], data },
        m,
      ),
  );
  return getBase64EncodedWireTransaction(compileTransaction(message));
}

function frameWith(answer: boolean) {
  const account = solanaAccountOf(generateWalletSecret());
  const shown: ApprovalSummary[] = [];
  const handler = solanaApprovalRpc({
    account: () => account,
    prompts: { ask: async (summary) => (shown.push(summary), answer) },
    cluster: { reference: 'localnet', rpcUrl: chain().rpcUrl, name: 'Solana Local' },
  });
  return { account, shown, handler, origin: 'https://site.example' };
}

describe("the frame's Solana sign methods (issue 27)", () => {
  it('signs a message the user read, with the account derived from the custody key', async () => {
    const { account, shown, handler, origin } = frameWith(true);
    const message = new TextEncoder().encode('Sign in to site.example');
    const { result } = await handler({ method: 'solana_signMessage', params: { message: base58.encode(message), pubkey: account.address }, origin });
    expect(ed25519.verify(base58.decode(result.signature!), message, account.publicKey)).toBe(true);
    expect(shown[0]).toMatchObject({ title: 'Sign a message', details: [{ label: 'Message', value: 'Sign in to site.example' }] });
    expect(shown[0]!.context).toContainEqual({ label: 'Network', value: 'Solana Local' });
  });

  it('sends SOL on the local chain after the user saw the transfer decoded; the receiver gets exactly the amount', async () => {
    const { account, shown, handler, origin } = frameWith(true);
    await rpc('requestAirdrop', [account.address, 2_000_000_000]);
    await until(() => balance(account.address), (lamports) => lamports === 2_000_000_000n);
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    const { result } = await handler({ method: 'solana_signAndSendTransaction', params: { transaction: await transfer(account.address, receiver, 250_000_000n) }, origin });
    expect(result.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{86,88}$/);
    expect(await until(() => balance(receiver), (lamports) => lamports > 0n)).toBe(250_000_000n);
    expect(shown[0]!.title).toBe('Send a transaction');
    expect(shown[0]!.details).toContainEqual({ label: 'Instruction 1', value: `Transfer 0.25 SOL from ${account.address} to ${receiver}` });
    expect(shown[0]!.details[0]).toEqual({ label: 'Fee payer', value: account.address, code: true });
  }, 30_000);

  it("refuses to sign as a message the bytes of a transaction its account signs: the screen would show hex, the signature would send the SOL", async () => {
    // Solana signs a message's bytes as they are (no prefix, unlike EIP-191): a transaction's message
    // bytes passed to solana_signMessage give a valid signature of that transaction.
    const { account, shown, handler, origin } = frameWith(true);
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    const wire = base64.decode(await transfer(account.address, receiver, 1_000_000n));
    const messageBytes = new Uint8Array(getTransactionDecoder().decode(wire).messageBytes);
    await expect(handler({ method: 'solana_signMessage', params: { message: base58.encode(messageBytes), pubkey: account.address }, origin })).rejects.toThrow(SolanaApprovalText.messageIsTransaction);
    expect(shown).toEqual([]);
    // A transaction its account does not sign is no such danger; the bytes are signed as a message once read.
    const stranger = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    const othersBytes = new Uint8Array(getTransactionDecoder().decode(base64.decode(await transfer(stranger, receiver, 1n))).messageBytes);
    const { result } = await handler({ method: 'solana_signMessage', params: { message: base58.encode(othersBytes), pubkey: account.address }, origin });
    expect(ed25519.verify(base58.decode(result.signature!), othersBytes, account.publicKey)).toBe(true);
  }, 30_000);

  it('signs a transaction without sending it, refuses one its account does not sign, and sends nothing the user rejected', async () => {
    const { account, handler, origin } = frameWith(true);
    const receiver = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    const { result } = await handler({ method: 'solana_signTransaction', params: { transaction: await transfer(account.address, receiver, 1n) }, origin });
    const signed = base64.decode(result.transaction!);
    // One signature slot (compact length 1), filled with the account's signature over the message.
    expect(signed[0]).toBe(1);
    expect(ed25519.verify(signed.slice(1, 65), signed.slice(65), account.publicKey)).toBe(true);

    const stranger = base58.encode(ed25519.getPublicKey(ed25519.utils.randomPrivateKey()));
    await expect(handler({ method: 'solana_signTransaction', params: { transaction: await transfer(stranger, receiver, 1n) }, origin })).rejects.toThrow(SolanaApprovalText.notSigner);
    await expect(handler({ method: 'solana_signTransaction', params: { transaction: 'not base64!' }, origin })).rejects.toThrow(SolanaApprovalText.badParams);

    const rejecting = frameWith(false);
    await rpc('requestAirdrop', [rejecting.account.address, 1_000_000_000]);
    await until(() => balance(rejecting.account.address), (lamports) => lamports === 1_000_000_000n);
    await expect(rejecting.handler({ method: 'solana_signAndSendTransaction', params: { transaction: await transfer(rejecting.account.address, receiver, 5n) }, origin: rejecting.origin })).rejects.toThrow('User rejected the request.');
    expect(await balance(rejecting.account.address)).toBe(1_000_000_000n);
  }, 30_000);
});
