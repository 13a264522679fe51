import { createPublicClient, encodeFunctionData, http, isErc6492Signature, parseAbi, parseEther, stringToHex, toHex, type Address, type Hex } from 'viem';
import { createBundlerClient, createPaymasterClient } from 'viem/account-abstraction';
import { foundry } from 'viem/chains';
import { deployment } from '@cairn/devnet';
import { buildSiweMessage } from '@cairn/core/siwx';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { fundExtraAccount } from './support/extraAccounts.ts';
import { toSessionKeyAccount } from '@cairn/devnet/testing';
import { call, openSite, promptClosed, promptOpen, signUp, startFrameStack, type FrameStack } from './support/frameStack.ts';

// Smart accounts (issue 26), in Chromium against the devnet's EntryPoint, SimpleAccount factory,
// verifying paymaster and bundler: an e-mail login gives the key's smart account (counterfactual
// until its first user operation), a sponsored two-call batch (EIP-5792) is approved once in the
// frame and lands, the user signs in to the site's server with the smart account before its
// deployment (ERC-6492) and after (ERC-1271), answers a site's eth_sendUserOperation, grants a
// session key that sends its permitted call with no prompt and is refused any other, revokes it,
// and switches to the EOA and back.
let stack: FrameStack;
let page: Page;
let frameElement: Frame;
let smartAddress: Address;
let chain: ReturnType<typeof createPublicClient>;

beforeAll(async () => {
  stack = await startFrameStack('smart-account', { smartAccounts: true });
  ({ page, frameElement } = await openSite(stack));
  chain = createPublicClient({ transport: http(stack.chainUrl) });
  smartAddress = await signUp(stack, page, frameElement, `smart-${process.pid}@example.com`);
}, 180_000);

afterAll(async () => {
  await stack?.close();
});

type User = { address: Address; accounts: { address: Address; type: string; namespace?: string }[]; smartAccountDeployed: boolean; preferredAccountType: string };
const user = async () => (await call(page, 'GET_USER', {})).ok as User;
const bundlerUrl = () => inject('bundlers').find((bundler) => bundler.chainId === 31337)!.url;
const executeAbi = parseAbi(['function execute(address dest, uint256 value, bytes func)']);
/** Approves what the frame's screen shows, once it shows `expected`; the site's answer. */
async function approve(request: Promise<{ ok?: unknown; error?: string }>, expected: string[]) {
  await promptOpen(page, frameElement);
  const shown = await frameElement.getByRole('dialog').innerText();
  for (const text of expected) expect(shown).toContain(text);
  await frameElement.getByRole('button', { name: 'Approve' }).click();
  const answer = await request;
  await promptClosed(page);
  return answer;
}

/** A sponsored user operation's fee block on the screen (its gas estimated before it, the figure the paymaster's). */
const SPONSORED_FEE = ['Gas limit', 'Max fee per gas', 'Most the network may charge', "paid by the network's paymaster"];

const eoaOf = (current: User) => current.accounts.find((account) => account.type === 'eoa')!.address;

const access = 'projectId=cairn-local&st=e2e&sv=1';
/** The site's sign-in message for `address` against the stack's server, with a fresh nonce. */
async function signInMessage(address: Address) {
  const { nonce } = (await (await fetch(`${stack.serverUrl}/auth/v1/nonce?${access}`)).json()) as { nonce: string };
  const site = new URL(stack.site.url);
  return buildSiweMessage({ domain: site.host, address, statement: 'Sign in with the smart account', uri: site.origin, version: '1', chainId: 31337, nonce, issuedAt: new Date().toISOString() });
}
const authenticate = (message: string, signature: Hex) =>
  fetch(`${stack.serverUrl}/auth/v1/authenticate?${access}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ message, signature, token: true }) });

/** Signs in through the frame as the active account (personal_sign, approved on the frame's screen); the server's answer and the signature. */
async function signInWithFrame(address: Address) {
  const message = await signInMessage(address);
  const signing = call(page, 'RPC_REQUEST', { method: 'personal_sign', params: [stringToHex(message), address] });
  await promptOpen(page, frameElement);
  expect(await frameElement.getByRole('dialog').innerText()).toContain('Sign in with the smart account');
  await frameElement.getByRole('button', { name: 'Approve' }).click();
  const signature = ((await signing).ok as { result: Hex }).result;
  await promptClosed(page);
  const response = await authenticate(message, signature);
  return { signature, status: response.status, body: (await response.json()) as { session?: { address: string }; message?: string } };
}

describe('the frame key’s smart account', () => {
  it('is what an e-mail login gives: its counterfactual address, not deployed yet, on the networks that enable it', async () => {
    const current = await user();
    expect(current.preferredAccountType).toBe('smartAccount');
    expect(current.address).toBe(smartAddress);
    // The EVM accounts: the smart account first, then the key's own; the frame's Solana account beside them.
    const evmAccounts = current.accounts.filter((account) => account.namespace !== 'solana');
    expect(evmAccounts.map((account) => account.type)).toEqual(['smartAccount', 'eoa']);
    expect(current.accounts.filter((account) => account.namespace === 'solana')).toHaveLength(1);
    expect(eoaOf(current)).not.toBe(smartAddress);
    expect(current.smartAccountDeployed).toBe(false);
    expect(await chain.getCode({ address: smartAddress })).toBeUndefined();
    expect(await call(page, 'GET_SMART_ACCOUNT_ENABLED_NETWORKS', {})).toEqual({ ok: { smartAccountEnabledNetworks: [31337] } });
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_accounts' })).toEqual({ ok: { result: [smartAddress] } });
    expect(await call(page, 'RPC_REQUEST', { method: 'wallet_getCapabilities', params: [smartAddress, ['0x7a69']] })).toEqual({
      ok: {
        result: {
          '0x7a69': {
            atomic: { status: 'supported' },
            paymasterService: { supported: true },
            // ERC-7715: what wallet_grantPermissions takes (the widget shows it to a site with features.smartSessions on).
            permissions: { supported: true, signerTypes: ['account', 'key'], keyTypes: ['secp256k1'], permissionTypes: ['contract-call', 'native-token-transfer', 'erc20-token-transfer'], policyTypes: ['gas-limit', 'token-allowance'] },
          },
        },
      },
    });
  });

  it('signs in to the site’s server before deployment (ERC-6492): the session names the smart account; another key’s signature is refused', async () => {
    const { signature, status, body } = await signInWithFrame(smartAddress);
    expect(isErc6492Signature(signature)).toBe(true);
    expect(status).toBe(200);
    expect(body.session?.address).toBe(smartAddress);
    // Signing in did not deploy it: the server checked the signature in a call.
    expect(await chain.getCode({ address: smartAddress })).toBeUndefined();

    const message = await signInMessage(smartAddress);
    const refused = await authenticate(message, await privateKeyToAccount(generatePrivateKey()).signMessage({ message }));
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe('Signature does not match the address');
  }, 60_000);

  it('sends a sponsored two-call batch on one approval: it deploys the account and both receivers hold exactly what was sent', async () => {
    await fundExtraAccount(smartAddress, parseEther('1'));
    const receivers = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
    const values = [parseEther('0.0123'), parseEther('0.0456')];
    const sending = call(page, 'RPC_REQUEST', {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', from: smartAddress, atomicRequired: true, calls: receivers.map((to, index) => ({ to, value: toHex(values[index]!) })) }],
    });
    await promptOpen(page, frameElement);
    const shown = await frameElement.getByRole('dialog').innerText();
    expect(shown).toContain('Send 2 calls at once');
    for (const receiver of receivers) expect(shown).toContain(receiver);
    expect(shown).toContain('0.0123 ETH');
    expect(shown).toContain('0.0456 ETH');
    await frameElement.getByRole('button', { name: 'Approve' }).click();
    const { ok } = await sending;
    const id = (ok as { result: { id: Hex } }).result.id;
    expect(id).toMatch(/^0x[0-9a-f]{64}$/);
    await promptClosed(page);

    let status: { status: number; atomic: boolean; receipts?: { status: Hex }[] } | undefined;
    await expect
      .poll(async () => {
        status = ((await call(page, 'RPC_REQUEST', { method: 'wallet_getCallsStatus', params: [id] })).ok as { result: typeof status }).result;
        return status?.status;
      }, { timeout: 30_000, interval: 250 })
      .toBe(200);
    expect(status?.atomic).toBe(true);
    expect(status?.receipts?.[0]?.status).toBe('0x1');
    expect(await chain.getBalance({ address: receivers[0]! })).toBe(values[0]);
    expect(await chain.getBalance({ address: receivers[1]! })).toBe(values[1]);
    // Sponsored: the account paid only what it sent.
    expect(await chain.getBalance({ address: smartAddress })).toBe(parseEther('1') - values[0]! - values[1]!);
    expect((await user()).smartAccountDeployed).toBe(true);
  }, 60_000);

  it('signs in to the site’s server once deployed (ERC-1271): the session names the smart account', async () => {
    const { signature, status, body } = await signInWithFrame(smartAddress);
    expect(isErc6492Signature(signature)).toBe(false);
    expect(status).toBe(200);
    expect(body.session?.address).toBe(smartAddress);
  }, 60_000);

  it('sends a site’s eth_sendTransaction from the smart account as a sponsored user operation, and answers the transaction’s hash', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const value = parseEther('0.001');
    const before = await chain.getBalance({ address: smartAddress });
    const sending = call(page, 'RPC_REQUEST', { method: 'eth_sendTransaction', params: [{ from: smartAddress, to: receiver, value: toHex(value) }] });
    await promptOpen(page, frameElement);
    expect(await frameElement.getByRole('dialog').innerText()).toContain('Send a transaction');
    await frameElement.getByRole('button', { name: 'Approve' }).click();
    const hash = ((await sending).ok as { result: Hex }).result;
    await promptClosed(page);
    expect((await chain.getTransactionReceipt({ hash })).status).toBe('success');
    expect(await chain.getBalance({ address: receiver })).toBe(value);
    expect(await chain.getBalance({ address: smartAddress })).toBe(before - value);
  }, 60_000);

  it('answers a site’s eth_sendUserOperation on the frame’s screen, the call decoded; the operation lands, sponsored', async () => {
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const value = parseEther('0.002');
    const callData = encodeFunctionData({ abi: executeAbi, functionName: 'execute', args: [receiver, value, '0x'] });
    const operation = { sender: smartAddress, nonce: '0x0', callData, callGasLimit: '0x0', verificationGasLimit: '0x0', preVerificationGas: '0x0', maxFeePerGas: '0x0', maxPriorityFeePerGas: '0x0', signature: '0x' };
    // Another EntryPoint than the account's is refused before any screen.
    expect((await call(page, 'RPC_REQUEST', { method: 'eth_sendUserOperation', params: [operation, `0x${'12'.repeat(20)}`] })).error).toBe("The user operation names another EntryPoint than the smart account's");
    const answer = await approve(call(page, 'RPC_REQUEST', { method: 'eth_sendUserOperation', params: [operation, deployment.contracts.entryPoint] }), ['Send a user operation', receiver, '0.002 ETH']);
    const hash = (answer.ok as { result: Hex }).result;
    const bundler = createBundlerClient({ client: createPublicClient({ chain: foundry, transport: http(stack.chainUrl) }), transport: http(bundlerUrl()) });
    expect((await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 30_000 })).success).toBe(true);
    expect(await chain.getBalance({ address: receiver })).toBe(value);
  }, 60_000);

  it('grants a session key that sends its permitted call with no prompt, up to its total, and is refused any other; once revoked, refused that one too', async () => {
    const sessionKey = privateKeyToAccount(generatePrivateKey());
    const [allowed, other] = [privateKeyToAccount(generatePrivateKey()).address, privateKeyToAccount(generatePrivateKey()).address];
    const cap = parseEther('0.001');
    const expiry = Math.floor(Date.now() / 1000) + 3600;
    // A gas budget of 0: the key's own operations must be sponsored (the paymaster's), none paid from the balance; two calls' worth in all.
    const policies = [{ type: 'gas-limit', data: { limit: '0x0' } }, { type: 'token-allowance', data: { allowance: toHex(2n * cap) } }];
    const grant = { chainId: '0x7a69', address: smartAddress, expiry, signer: { type: 'account', data: { address: sessionKey.address } }, permissions: [{ type: 'native-token-transfer', data: { to: allowed, valueLimit: toHex(cap) }, policies }] };
    const granted = await approve(call(page, 'RPC_REQUEST', { method: 'wallet_grantPermissions', params: [grant] }), ['Grant a session key', sessionKey.address, allowed, '0.001 ETH', 'May move', 'Up to 0.002 ETH of your balance, in all', 'May spend on its own network fees', 'None of your balance: only operations a paymaster sponsors', ...SPONSORED_FEE]);
    const context = (granted.ok as { result: { context: Address; address: Address } }).result;
    expect(context).toMatchObject({ context: sessionKey.address, address: smartAddress });

    // The site's own key drives the account through the bundler: no frame, no prompt.
    const client = createPublicClient({ chain: foundry, transport: http(stack.chainUrl) });
    const account = await toSessionKeyAccount({ client, address: smartAddress, sessionKey, entryPoint: deployment.contracts.entryPoint });
    const bundler = createBundlerClient({ client, account, transport: http(bundlerUrl()), paymaster: createPaymasterClient({ transport: http(bundlerUrl()) }) });
    const send = async (to: Address, value: bigint) => {
      const hash = await bundler.sendUserOperation({ calls: [{ to, value }] });
      return (await bundler.waitForUserOperationReceipt({ hash, pollingInterval: 100, timeout: 30_000 })).success;
    };
    expect(await send(allowed, cap)).toBe(true);
    expect(await chain.getBalance({ address: allowed })).toBe(cap);
    // Another receiver, or more than the cap: the account's validation fails, and the bundler refuses the operation.
    // AA24: the EntryPoint's word for an account whose validation refused the signer.
    await expect(send(other, 1n)).rejects.toThrow(/AA24/);
    await expect(send(allowed, cap + 1n)).rejects.toThrow(/AA24/);
    expect(await chain.getBalance({ address: other })).toBe(0n);
    expect(await chain.getBalance({ address: allowed })).toBe(cap);
    // The total (session 24): a second call's worth is left, then even 1 wei more is refused.
    expect(await send(allowed, cap)).toBe(true);
    await expect(send(allowed, 1n)).rejects.toThrow(/AA24/);
    expect(await chain.getBalance({ address: allowed })).toBe(2n * cap);

    expect(await approve(call(page, 'RPC_REQUEST', { method: 'wallet_revokePermissions', params: [{ context: sessionKey.address }] }), ['Revoke a session key', sessionKey.address, ...SPONSORED_FEE])).toEqual({ ok: { result: null } });
    await expect(send(allowed, 1n)).rejects.toThrow(/AA24/);
    expect(await chain.getBalance({ address: allowed })).toBe(2n * cap);
  }, 90_000);

  it('switches to the EOA and back; the choice outlives a reload', async () => {
    const eoa = eoaOf(await user());
    expect(await call(page, 'SET_PREFERRED_ACCOUNT', { type: 'eoa' })).toEqual({ ok: { type: 'eoa', address: eoa } });
    expect(await call(page, 'RPC_REQUEST', { method: 'eth_accounts' })).toEqual({ ok: { result: [eoa] } });
    expect((await call(page, 'RPC_REQUEST', { method: 'wallet_getCapabilities', params: [eoa] })).ok).toEqual({ result: { '0x7a69': { atomic: { status: 'unsupported' } } } });

    await page.reload();
    await page.waitForFunction(() => 'frameTest' in window);
    expect(await page.evaluate((url) => (window as unknown as { frameTest: { connect(u: string): Promise<unknown> } }).frameTest.connect(url), stack.frame.url)).toEqual({ ok: 'ready' });
    expect(await call(page, 'SYNC_DAPP_DATA', { projectId: 'cairn-local', sdkType: 'cairn', sdkVersion: '0.1.0' })).toEqual({ ok: {} });
    const reloaded = await user();
    expect(reloaded.preferredAccountType).toBe('eoa');
    expect(reloaded.address).toBe(eoa);

    expect(await call(page, 'SET_PREFERRED_ACCOUNT', { type: 'smartAccount' })).toEqual({ ok: { type: 'smartAccount', address: smartAddress } });
    expect((await user()).address).toBe(smartAddress);
  });
});
