import { createPublicClient, createWalletClient, http, isErc6492Signature, parseEther, type Address } from 'viem';
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { describe, expect, it } from 'vitest';
import { TEST_ACCOUNTS } from '@cairn/devnet';
import { useTestSmartAccountChain } from '@cairn/devnet/testing';
import { toCairnAccount } from './cairnAccount.ts';

const chain = useTestSmartAccountChain({ chain: 29711, bundler: 29712 });

describe('the frame key’s smart account on the devnet', () => {
  it('has its counterfactual address before deployment, signs for it by ERC-6492 then ERC-1271, and its first sponsored batch deploys it and pays both receivers exactly', async () => {
    const { chains, deployment, bundlerUrl } = chain();
    const client = createPublicClient({ chain: foundry, transport: http(chains[0]!.rpcUrl) });
    const owner = privateKeyToAccount(generatePrivateKey());
    const account = await toCairnAccount({ client, owner, deployment: { entryPoint: deployment.contracts.entryPoint, factory: deployment.contracts.accountFactory } });
    expect(account.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(account.address).not.toBe(owner.address);
    expect(await account.isDeployed()).toBe(false);

    // Before deployment: an ERC-6492 signature, which a verifier checks by deploying the account in a call.
    const message = 'Sign in to the Cairn demo';
    const early = await account.signMessage({ message });
    expect(isErc6492Signature(early)).toBe(true);
    expect(await client.verifyMessage({ address: account.address, message, signature: early })).toBe(true);
    // The owner's plain signature is the owner's, not the account's (the account signs a hash naming itself).
    expect(await client.verifyMessage({ address: account.address, message, signature: await owner.signMessage({ message }) })).toBe(false);

    // The account pays the values it sends; the paymaster pays the gas.
    const funder = createWalletClient({ chain: foundry, transport: http(chains[0]!.rpcUrl), account: privateKeyToAccount(TEST_ACCOUNTS[0]!.privateKey) });
    await client.waitForTransactionReceipt({ hash: await funder.sendTransaction({ to: account.address, value: parseEther('1') }) });
    const receivers = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address] as [Address, Address];
    const bundler = createBundlerClient({ client, account, transport: http(bundlerUrl), paymaster: createPaymasterClient({ transport: http(bundlerUrl) }) });
    const hash = await bundler.sendUserOperation({ calls: [{ to: receivers[0], value: 1234n }, { to: receivers[1], value: 5678n }] });
    const receipt = await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 30_000 });
    expect(receipt.success).toBe(true);
    expect(receipt.paymaster?.toLowerCase()).toBe(deployment.contracts.verifyingPaymaster.toLowerCase());
    expect(await account.isDeployed()).toBe(true);
    expect(await client.getBalance({ address: receivers[0] })).toBe(1234n);
    expect(await client.getBalance({ address: receivers[1] })).toBe(5678n);
    // Sponsored: the account lost only what it sent.
    expect(await client.getBalance({ address: account.address })).toBe(parseEther('1') - 1234n - 5678n);

    // Deployed: a plain ERC-1271 signature; another key's is refused, and so is one for another chain.
    const late = await account.signMessage({ message });
    expect(isErc6492Signature(late)).toBe(false);
    expect(await client.verifyMessage({ address: account.address, message, signature: late })).toBe(true);
    const stranger = await toCairnAccount({ client, owner: privateKeyToAccount(generatePrivateKey()), deployment: { entryPoint: deployment.contracts.entryPoint, factory: deployment.contracts.accountFactory } });
    const forged = await stranger.signMessage({ message });
    expect(await client.verifyMessage({ address: account.address, message, signature: forged })).toBe(false);
    const typed = { domain: { name: 'Cairn demo', chainId: 31337 }, types: { Greeting: [{ name: 'text', type: 'string' }] }, primaryType: 'Greeting', message: { text: 'hello' } } as const;
    expect(await client.verifyTypedData({ address: account.address, ...typed, signature: await account.signTypedData(typed) })).toBe(true);
  }, 60_000);
});
