import { createPublicClient, formatEther, http, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { useTestSmartAccountChain } from '@cairn/devnet/testing';
import { approvalRpc, type ApprovalCall } from '../page/approvalRpc.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { devnetNetwork, feeRiseOnFirstScreen, fundedSender, MOST, mostOf, resetBaseFee, rowsOf, sentOperation } from '../testing/smartAccountOperations.ts';

// The smart account on the devnet with its real bundler (alto), no paymaster: the account pays its
// user operation's gas, so the screen must say how much at most before the user approves.
const chain = useTestSmartAccountChain({ chain: 29721, bundler: 29722 });
/** The frame's logged-in key (the smart accounts here have owners of their own: signing goes through the sender). */
const signer = privateKeyToAccount(generatePrivateKey());
const DEPLOYS = 'Also deploys your smart account, by the factory';

describe("the smart account's user operation: the gas the bundler sets, shown before the approval", () => {
  it('shows the most the network may charge, from the estimate made before the screen, and signs exactly that operation', async () => {
    const { sender, rpcUrl, bundlerUrl } = await fundedSender(chain());
    const shown: ApprovalSummary[] = [];
    const rpc = approvalRpc({ signer: () => signer, active: async () => ({ type: 'smartAccount', address: sender.address, sender }), prompts: { ask: async (summary) => (shown.push(summary), true) } });
    const receiver: Address = privateKeyToAccount(generatePrivateKey()).address;
    const call: ApprovalCall = { method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', from: sender.address, calls: [{ to: receiver, value: '0x4d2' }] }], network: devnetNetwork(rpcUrl), origin: 'http://127.0.0.1:5173' };
    const { result } = await rpc(call);
    expect(shown).toHaveLength(1);
    const rows = rowsOf(shown[0]!);
    const signed = await sentOperation(bundlerUrl, (result as { id: Hex }).id);
    expect(signed.maxCost).toBeGreaterThan(0n);
    expect(rows[MOST]).toBe(`${formatEther(signed.maxCost)} ETH`);
    expect(rows['Gas limit']).toBe(signed.gasLimit.toString());
    // The account's first operation deploys it: the screen names the factory, whose gas is in the figure.
    expect(rows[DEPLOYS]).toBe(chain().deployment.contracts.accountFactory);
    console.info(`user operation shown and signed: ${signed.gasLimit} gas at most ${signed.maxFeePerGas} wei each, ${formatEther(signed.maxCost)} ETH at most`);
  }, 120_000);

  /** A send whose approved operation the bundler refuses, stale after a fee rise on the first screen (feeRiseOnFirstScreen). */
  async function sendAfterFeeRise(secondAnswer: boolean) {
    const { sender, rpcUrl, bundlerUrl } = await fundedSender(chain());
    await resetBaseFee(rpcUrl);
    const { shown, ask } = feeRiseOnFirstScreen(sender, rpcUrl, bundlerUrl, secondAnswer);
    const rpc = approvalRpc({ signer: () => signer, active: async () => ({ type: 'smartAccount', address: sender.address, sender }), prompts: { ask } });
    const receiver: Address = privateKeyToAccount(generatePrivateKey()).address;
    const sendCalls = { version: '2.0.0', chainId: '0x7a69', from: sender.address, calls: [{ to: receiver, value: '0x1' }] };
    const outcome = await rpc({ method: 'wallet_sendCalls', params: [sendCalls], network: devnetNetwork(rpcUrl), origin: 'http://127.0.0.1:5173' }).then(
      ({ result }) => ({ id: (result as { id: Hex }).id }),
      (error: Error) => ({ error: error.message }),
    );
    const balance = await createPublicClient({ chain: foundry, transport: http(rpcUrl) }).getBalance({ address: receiver });
    return { shown, outcome, bundlerUrl, balance };
  }

  it('asks again before signing a dearer operation when the bundler refuses the approved one, stale after a fee rise', async () => {
    const { shown, outcome, bundlerUrl } = await sendAfterFeeRise(true);
    expect(shown).toHaveLength(2);
    expect(shown[0]!.warning).toBeUndefined();
    expect(shown[1]!.warning).toBe('The most the network may charge rose after you approved: approve the new figure, or reject.');
    expect(mostOf(shown[1]!)).toBeGreaterThan(mostOf(shown[0]!));
    // The other tab's operation deployed the account meanwhile: the fresh one deploys nothing, and says so by no factory row.
    expect(rowsOf(shown[0]!)[DEPLOYS]).toBe(chain().deployment.contracts.accountFactory);
    expect(rowsOf(shown[1]!)).not.toHaveProperty([DEPLOYS]);
    const signed = await sentOperation(bundlerUrl, (outcome as { id: Hex }).id);
    expect(rowsOf(shown[1]!)[MOST]).toBe(`${formatEther(signed.maxCost)} ETH`);
  }, 180_000);

  it('sends nothing when the user rejects the dearer operation', async () => {
    const { shown, outcome, balance } = await sendAfterFeeRise(false);
    expect(shown).toHaveLength(2);
    expect(outcome).toEqual({ error: 'User rejected the request.' });
    expect(balance).toBe(0n);
  }, 180_000);
});
