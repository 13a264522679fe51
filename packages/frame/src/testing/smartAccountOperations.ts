import { createPublicClient, createWalletClient, http, parseEther, parseGwei, type Address, type Hex } from 'viem';
import { entryPoint07Abi } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import type { SmartAccountChain } from '@cairn/devnet/testing';
import type { ApprovalSummary } from '../signing/approvalSummary.ts';
import { operationFee, type OperationFee } from '../smartAccount/operationFee.ts';
import { smartAccountSender, type SmartAccountSender } from '../smartAccount/smartAccountSender.ts';

// The smart account's user operations on the devnet with its real bundler (alto), no paymaster: what
// the fee screen's tests (operationFeeScreen, sessionKeyFeeScreen) share.

export const MOST = 'Most the network may charge';
export const devnetNetwork = (rpcUrl: string) => ({ chainId: 31337, rpcUrl, name: 'Devnet', nativeCurrency: { symbol: 'ETH', decimals: 18 } });
export const rowsOf = (summary: ApprovalSummary) => Object.fromEntries(summary.details.map((row) => [row.label, row.value]));
export const mostOf = (summary: ApprovalSummary) => parseEther(rowsOf(summary)[MOST]!.split(' ')[0]!);

export const devnetRpc = (rpcUrl: string, method: string, params: unknown[]) =>
  fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) });

/** A fresh owner's smart account (counterfactual), holding 1 ETH for its own gas. */
export async function fundedSender(chain: SmartAccountChain): Promise<{ sender: SmartAccountSender; rpcUrl: string; bundlerUrl: string }> {
  const { chains, deployment, bundlerUrl } = chain;
  const rpcUrl = chains[0]!.rpcUrl;
  const owner = privateKeyToAccount(generatePrivateKey());
  const sender = await smartAccountSender(owner, { chainId: 31337, rpcUrl, smartAccount: { bundlerUrl, entryPoint: deployment.contracts.entryPoint, factory: deployment.contracts.accountFactory } });
  const funder = createWalletClient({ chain: foundry, transport: http(rpcUrl), account: privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey) });
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: sender.address, value: parseEther('1') }) });
  return { sender, rpcUrl, bundlerUrl };
}

/** The fee of the user operation the bundler holds under `hash`, as it was signed. */
export async function sentOperation(bundlerUrl: string, hash: Hex): Promise<OperationFee> {
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

/** The hashes of the account's user operations the EntryPoint ran, oldest first (its UserOperationEvent logs). */
export async function landedOperations(rpcUrl: string, entryPoint: Address, account: Address): Promise<Hex[]> {
  const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
  const events = await client.getContractEvents({ address: entryPoint, abi: entryPoint07Abi, eventName: 'UserOperationEvent', args: { sender: account }, fromBlock: 0n });
  return events.map((event) => event.args.userOpHash!);
}

/**
 * The approval screen's answers for a case where the approved operation goes stale: on the first
 * screen, the base fee rises twentyfold over the fee cap it shows and another operation of the
 * account (another tab) takes its nonce, then it approves; a later screen gets `laterAnswer`.
 */
export function feeRiseOnFirstScreen(sender: SmartAccountSender, rpcUrl: string, bundlerUrl: string, laterAnswer: boolean) {
  const shown: ApprovalSummary[] = [];
  const ask = async (summary: ApprovalSummary) => {
    shown.push(summary);
    if (shown.length > 1) return laterAnswer;
    // Twenty times the fee cap the screen shows: far dearer, though the fresh operation no longer deploys the account.
    const shownCap = parseGwei(rowsOf(summary)['Max fee per gas']!.split(' ')[0]!);
    await devnetRpc(rpcUrl, 'anvil_setNextBlockBaseFeePerGas', [`0x${(shownCap * 20n).toString(16)}`]);
    await devnetRpc(rpcUrl, 'anvil_mine', ['0x1']);
    await sentOperation(bundlerUrl, await sender.sendPrepared(await sender.prepareCalls([{ to: sender.address, value: 0n }])));
    return true;
  };
  return { shown, ask };
}

/** Each case starts from a base fee of 1 gwei (an earlier case may have left it high). */
export async function resetBaseFee(rpcUrl: string) {
  await devnetRpc(rpcUrl, 'anvil_setNextBlockBaseFeePerGas', [`0x${parseGwei('1').toString(16)}`]);
  await devnetRpc(rpcUrl, 'anvil_mine', ['0x1']);
}
