import { createPublicClient, createWalletClient, formatEther, http, parseEther, parseGwei, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { useTestSmartAccountChain } from '@cairn/devnet/testing';
import { approvalRpc, type ApprovalCall } from '../page/approvalRpc.ts';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { operationFee } from './operationFee.ts';
import { smartAccountSender, type SmartAccountSender } from './smartAccountSender.ts';

// The smart account on the devnet with its real bundler (alto), no paymaster: the account pays its
// user operation's gas, so the screen must say how much at most before the user approves.
const chain = useTestSmartAccountChain({ chain: 29721, bundler: 29722 });
const MOST = 'Most the network may charge';
/** The frame's logged-in key (the smart accounts here have owners of their own: signing goes through the sender). */
const signer = privateKeyToAccount(generatePrivateKey());

async function fundedSender(): Promise<{ sender: SmartAccountSender; rpcUrl: string; bundlerUrl: string }> {
  const { chains, deployment, bundlerUrl } = chain();
  const rpcUrl = chains[0]!.rpcUrl;
  const owner = privateKeyToAccount(generatePrivateKey());
  const sender = await smartAccountSender(owner, { chainId: 31337, rpcUrl, smartAccount: { bundlerUrl, entryPoint: deployment.contracts.entryPoint, factory: deployment.contracts.accountFactory } });
  const funder = createWalletClient({ chain: foundry, transport: http(rpcUrl), account: privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey) });
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: sender.address, value: parseEther('1') }) });
  return { sender, rpcUrl, bundlerUrl };
}

/** The user operation the bundler holds under `hash`, as it was signed. */
async function sentOperation(bundlerUrl: string, hash: Hex) {
  type Found = { userOperation: Record<string, Hex | null> } | null;
  let result: Found = null;
  // The bundler answers it once the operation is in a bundle: wait for that, with a bound.
  for (const started = Date.now(); !result && Date.now() - started < 60_000; await new Promise((resolve) => setTimeout(resolve, 250))) {
    const response = await fetch(bundlerUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getUserOperationByHash', params: [hash] }) });
    ({ result } = (await response.json()) as { result: Found });
  }
  if (!result) throw new Error(`The bundler does not know the user operation ${hash}`);
  const field = (name: string) => (result.userOperation[name] ? BigInt(result.userOperation[name]!) : undefined);
  return operationFee({
    maxFeePerGas: field('maxFeePerGas')!,
    callGasLimit: field('callGasLimit')!,
    verificationGasLimit: field('verificationGasLimit')!,
    preVerificationGas: field('preVerificationGas')!,
    paymasterVerificationGasLimit: field('paymasterVerificationGasLimit'),
    paymasterPostOpGasLimit: field('paymasterPostOpGasLimit'),
  });
}

const network = (rpcUrl: string) => ({ chainId: 31337, rpcUrl, name: 'Devnet', nativeCurrency: { symbol: 'ETH', decimals: 18 } });
const rowsOf = (summary: ApprovalSummary) => Object.fromEntries(summary.details.map((row) => [row.label, row.value]));

describe("the smart account's user operation: the gas the bundler sets, shown before the approval", () => {
  it('shows the most the network may charge, from the estimate made before the screen, and signs exactly that operation', async () => {
    const { sender, rpcUrl, bundlerUrl } = await fundedSender();
    const shown: ApprovalSummary[] = [];
    const rpc = approvalRpc({ signer: () => signer, active: async () => ({ type: 'smartAccount', address: sender.address, sender }), prompts: { ask: async (summary) => (shown.push(summary), true) } });
    const receiver: Address = privateKeyToAccount(generatePrivateKey()).address;
    const call: ApprovalCall = { method: 'wallet_sendCalls', params: [{ version: '2.0.0', chainId: '0x7a69', from: sender.address, calls: [{ to: receiver, value: '0x4d2' }] }], network: network(rpcUrl), origin: 'http://127.0.0.1:5173' };
    const { result } = await rpc(call);
    expect(shown).toHaveLength(1);
    const rows = rowsOf(shown[0]!);
    const signed = await sentOperation(bundlerUrl, (result as { id: Hex }).id);
    expect(signed.maxCost).toBeGreaterThan(0n);
    expect(rows[MOST]).toBe(`${formatEther(signed.maxCost)} ETH`);
    expect(rows['Gas limit']).toBe(signed.gasLimit.toString());
    console.info(`user operation shown and signed: ${signed.gasLimit} gas at most ${signed.maxFeePerGas} wei each, ${formatEther(signed.maxCost)} ETH at most`);
  }, 120_000);

  /** A send whose approved operation the bundler refuses: while the first screen is open, the base fee rises twentyfold over the screen's fee cap and another operation of the account (another tab) takes its nonce. */
  async function sendAfterFeeRise(secondAnswer: boolean) {
    const { sender, rpcUrl, bundlerUrl } = await fundedSender();
    const shown: ApprovalSummary[] = [];
    const devnetRpc = (method: string, params: unknown[]) => fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });
    // Each case starts from a base fee of 1 gwei (an earlier case left it high).
    await devnetRpc('anvil_setNextBlockBaseFeePerGas', [`0x${parseGwei('1').toString(16)}`]);
    await devnetRpc('anvil_mine', ['0x1']);
    const rpc = approvalRpc({
      signer: () => signer,
      active: async () => ({ type: 'smartAccount', address: sender.address, sender }),
      prompts: {
        ask: async (summary) => {
          shown.push(summary);
          if (shown.length > 1) return secondAnswer;
          // Twenty times the fee cap the screen shows: far dearer, though the fresh operation no longer deploys the account.
          const shownCap = parseGwei(rowsOf(summary)['Max fee per gas']!.split(' ')[0]!);
          await devnetRpc('anvil_setNextBlockBaseFeePerGas', [`0x${(shownCap * 20n).toString(16)}`]);
          await devnetRpc('anvil_mine', ['0x1']);
          await sentOperation(bundlerUrl, await sender.sendPrepared(await sender.prepareCalls([{ to: sender.address, value: 0n }])));
          return true;
        },
      },
    });
    const receiver: Address = privateKeyToAccount(generatePrivateKey()).address;
    const sendCalls = { version: '2.0.0', chainId: '0x7a69', from: sender.address, calls: [{ to: receiver, value: '0x1' }] };
    const outcome = await rpc({ method: 'wallet_sendCalls', params: [sendCalls], network: network(rpcUrl), origin: 'http://127.0.0.1:5173' }).then(
      ({ result }) => ({ id: (result as { id: Hex }).id }),
      (error: Error) => ({ error: error.message }),
    );
    const balance = await createPublicClient({ chain: foundry, transport: http(rpcUrl) }).getBalance({ address: receiver });
    return { shown, outcome, bundlerUrl, balance };
  }
  const mostOf = (summary: ApprovalSummary) => parseEther(rowsOf(summary)[MOST]!.split(' ')[0]!);

  it('asks again before signing a dearer operation when the bundler refuses the approved one, stale after a fee rise', async () => {
    const { shown, outcome, bundlerUrl } = await sendAfterFeeRise(true);
    expect(shown).toHaveLength(2);
    expect(shown[0]!.warning).toBeUndefined();
    expect(shown[1]!.warning).toBe('The most the network may charge rose after you approved: approve the new figure, or reject.');
    expect(mostOf(shown[1]!)).toBeGreaterThan(mostOf(shown[0]!));
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
