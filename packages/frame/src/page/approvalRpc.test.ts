import { verifyMessage, verifyTypedData } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ApprovalText } from '../signing/approvalRequest.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { operationFee } from '../smartAccount/operationFee.ts';
import type { SmartAccountSender } from '../smartAccount/smartAccountSender.ts';
import { approvalRpc, NOT_SIGNED_IN, type ApprovalCall, type ApprovalPrompts } from './approvalRpc.ts';

const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
// No node listens here: signing never reaches the RPC URL.
const network = { chainId: 31337, rpcUrl: 'http://127.0.0.1:1', name: 'Devnet', nativeCurrency: { symbol: 'ETH', decimals: 18 } };
const call = (method: string, params: unknown): ApprovalCall => ({ method, params, network, origin: 'http://127.0.0.1:5173' });

/** The user at the frame's screen, answering each request as the test says; it records what it was shown. */
function user(answer: (summary: ApprovalSummary, signal: AbortSignal) => boolean | Promise<boolean>) {
  const shown: ApprovalSummary[] = [];
  const prompts: ApprovalPrompts = {
    ask: async (summary, signal) => {
      shown.push(summary);
      return answer(summary, signal);
    },
  };
  return { prompts, shown };
}

describe('an RPC call that needs the user (SPEC §6)', () => {
  const signer: PrivateKeyAccount = privateKeyToAccount(generatePrivateKey());

  it('shows the request with the site origin and signs a message once the user approves', async () => {
    const { prompts, shown } = user(() => true);
    const { result } = await approvalRpc({ signer: () => signer, prompts })(call('personal_sign', ['0x68656c6c6f', signer.address]));
    expect(await verifyMessage({ address: signer.address, message: 'hello', signature: result as `0x${string}` })).toBe(true);
    expect(shown).toHaveLength(1);
    expect(shown[0]!.context[0]).toEqual({ label: 'Site', value: 'http://127.0.0.1:5173', code: true });
    expect(shown[0]!.details).toEqual([{ label: 'Message', value: 'hello' }]);
  });

  it('signs typed data the user approved', async () => {
    const typedData = { types: { Note: [{ name: 'text', type: 'string' }] }, primaryType: 'Note', domain: { name: 'Notes', chainId: 31337 }, message: { text: 'hi' } } as const;
    const { result } = await approvalRpc({ signer: () => signer, prompts: user(() => true).prompts })(call('eth_signTypedData_v4', [signer.address, JSON.stringify(typedData)]));
    expect(await verifyTypedData({ address: signer.address, ...typedData, signature: result as `0x${string}` })).toBe(true);
  });

  it("answers EIP-1193's rejection text when the user rejects, or lets the screen run out", async () => {
    await expect(approvalRpc({ signer: () => signer, prompts: user(() => false).prompts })(call('personal_sign', ['hi', signer.address]))).rejects.toThrow(/^User rejected the request\.$/);
    const expired = user((_summary, signal) => new Promise((resolve) => signal.addEventListener('abort', () => resolve(false))));
    const started = Date.now();
    await expect(approvalRpc({ signer: () => signer, prompts: expired.prompts, screenTimeoutMs: 50 })(call('personal_sign', ['hi', signer.address]))).rejects.toThrow(ApprovalText.userRejected);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('asks one thing at a time: a second request while the screen is open is refused, the next one after is shown', async () => {
    let approveFirst!: (approved: boolean) => void;
    const { prompts, shown } = user(() => (shown.length === 1 ? new Promise<boolean>((resolve) => (approveFirst = resolve)) : true));
    const rpc = approvalRpc({ signer: () => signer, prompts });
    const first = rpc(call('personal_sign', ['first', signer.address]));
    await expect(rpc(call('personal_sign', ['second', signer.address]))).rejects.toThrow(ApprovalText.busy);
    expect(shown).toHaveLength(1);
    approveFirst(true);
    expect((await first).result).toMatch(/^0x[0-9a-f]{130}$/);
    expect((await rpc(call('personal_sign', ['third', signer.address]))).result).toMatch(/^0x[0-9a-f]{130}$/);
    expect(shown.map((summary) => summary.details[0]!.value)).toEqual(['first', 'third']);
  });

  it('needs a logged-in wallet, before and after the screen', async () => {
    const { prompts, shown } = user(() => true);
    await expect(approvalRpc({ signer: () => undefined, prompts })(call('personal_sign', ['hi', other]))).rejects.toThrow(NOT_SIGNED_IN);
    expect(shown).toHaveLength(0);
    let current: PrivateKeyAccount | undefined = signer;
    const signedOutMeanwhile = user(() => {
      current = undefined;
      return true;
    });
    await expect(approvalRpc({ signer: () => current, prompts: signedOutMeanwhile.prompts })(call('personal_sign', ['hi', signer.address]))).rejects.toThrow(NOT_SIGNED_IN);
  });

  it('refuses, without asking the user, a request for another account, a malformed one, and the methods this frame cannot do', async () => {
    const { prompts, shown } = user(() => true);
    const rpc = approvalRpc({ signer: () => signer, prompts });
    await expect(rpc(call('personal_sign', ['hi', other]))).rejects.toThrow(ApprovalText.otherAccount);
    await expect(rpc(call('eth_sendTransaction', [{ from: signer.address, value: 'lots' }]))).rejects.toThrow(ApprovalText.malformed);
    await expect(rpc(call('wallet_sendCalls', [{ calls: [] }]))).rejects.toThrow(/^Action not allowed$/);
    expect(shown).toHaveLength(0);
  });

  it("shows a smart account no gas, price or nonce of the site: its user operation's gas is the bundler's estimate, made before the screen", async () => {
    // The user rejects: the screen alone is under test, nothing is sent. operationFeeScreen.test.ts runs this on the devnet's bundler.
    const smart = privateKeyToAccount(generatePrivateKey()).address;
    const estimated: unknown[] = [];
    const operation = { maxFeePerGas: 3_000_000_000n, callGasLimit: 50_000n, verificationGasLimit: 100_000n, preVerificationGas: 50_000n };
    const sender = {
      sponsored: false,
      prepareCalls: async (calls: unknown) => (estimated.push(calls), { operation, fee: operationFee(operation) }),
    } as unknown as SmartAccountSender;
    const active = async () => ({ type: 'smartAccount' as const, address: smart, sender });
    const { prompts, shown } = user(() => false);
    const tx = { from: smart, to: other, value: '0x1', gas: '0x5208', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00', nonce: '0x7' };
    await expect(approvalRpc({ signer: () => signer, active, prompts })(call('eth_sendTransaction', [tx]))).rejects.toThrow(ApprovalText.userRejected);
    expect(estimated).toEqual([[{ to: other, value: 1n }]]);
    expect(shown[0]!.details).toEqual([
      { label: 'To', value: other, code: true },
      { label: 'Value', value: '0.000000000000000001 ETH', code: true },
      { label: 'Data', value: 'None' },
      { label: 'Gas limit', value: '200000', code: true },
      { label: 'Max fee per gas', value: '3 gwei', code: true },
      { label: 'Most the network may charge', value: '0.0006 ETH', code: true },
    ]);
  });

  it("gives the node's short reason when an approved transaction cannot be sent", async () => {
    const { prompts } = user(() => true);
    const failing = approvalRpc({ signer: () => signer, prompts });
    const error = await failing(call('eth_sendTransaction', [{ from: signer.address, to: other, value: '0x1' }])).catch((caught: Error) => caught);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).not.toContain('\n');
  });
});
