import { encodeFunctionData, erc20Abi, hashTypedData, maxUint256, toHex, type TypedDataDefinition } from 'viem';
import { describe, expect, it } from 'vitest';
import { parseApprovalRequest, type ApprovalRequest } from './approvalRequest.ts';
import { MAX_TYPED_DATA_ROWS, MAX_VALUE_LENGTH, readableText, summarizeApproval, typedDataFieldRows, type ApprovalSubject } from './approvalSummary.ts';

const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const subject: ApprovalSubject = { origin: 'http://127.0.0.1:5173', chainId: 31337, networkName: 'Devnet', nativeCurrency: { symbol: 'ETH', decimals: 18 }, account: account.toLowerCase() };

function request(method: string, params: unknown): ApprovalRequest {
  const parsed = parseApprovalRequest(method, params, account, 31337);
  if ('error' in parsed) throw new Error(parsed.error);
  return parsed.request;
}
const rows = (summary: { details: { label: string; value: string }[] }) => Object.fromEntries(summary.details.map((row) => [row.label, row.value]));

describe('the approval screen content', () => {
  it('names the site by its channel origin, the network and the account (checksummed)', () => {
    const summary = summarizeApproval(request('personal_sign', ['hi', account]), subject);
    expect(summary.title).toBe('Sign a message');
    expect(summary.context).toEqual([
      { label: 'Site', value: 'http://127.0.0.1:5173', code: true },
      { label: 'Network', value: 'Devnet (chain 31337)' },
      { label: 'Account', value: account, code: true },
    ]);
    expect(summarizeApproval(request('personal_sign', ['hi', account]), { ...subject, networkName: undefined }).context[1]).toEqual({ label: 'Network', value: 'Chain 31337' });
  });

  it('shows a personal_sign message as its text, hex-encoded text too, and other bytes as hex marked as bytes', () => {
    expect(rows(summarizeApproval(request('personal_sign', ['Sign in to Cairn', account]), subject))).toEqual({ Message: 'Sign in to Cairn' });
    // viem and ethers send text as hex: 'héllo\nworld'
    expect(rows(summarizeApproval(request('personal_sign', ['0x68c3a96c6c6f0a776f726c64', account]), subject))).toEqual({ Message: 'héllo\nworld' });
    expect(rows(summarizeApproval(request('personal_sign', ['0xdeadbeef', account]), subject))).toEqual({ 'Message (hex bytes, 4 bytes)': '0xdeadbeef' });
  });

  it('lists each call of a wallet_sendCalls batch under its number; a batch of one is a plain transaction', () => {
    const batch = (calls: unknown[]) => request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: account, calls }]);
    const two = summarizeApproval(batch([{ to: other, value: '0x1' }, { to: other, data: '0xa9059cbb' }]), subject);
    expect(two.title).toBe('Send 2 calls at once');
    expect(rows(two)).toMatchObject({ 'Call 1: To': other, 'Call 1: Value': '0.000000000000000001 ETH', 'Call 2: Data': 'function 0xa9059cbb, 4 bytes' });
    const one = summarizeApproval(batch([{ to: other, value: toHex(5n * 10n ** 16n) }]), subject);
    expect(one.title).toBe('Send a transaction');
    expect(rows(one)).toEqual({ To: other, Value: '0.05 ETH', Data: 'None' });
  });

  it("warns above the rows when the message signs in to another site than the channel's origin, text or hex-encoded", () => {
    const signIn = (domain: string) => `${domain} wants you to sign in with your Ethereum account:\n${account}\n\nURI: http://${domain}\nVersion: 1\nChain ID: 31337\nNonce: abcdefgh\nIssued At: 2025-01-01T00:00:00Z`;
    const elsewhere = summarizeApproval(request('personal_sign', [toHex(signIn('bank.example')), account]), subject);
    expect(elsewhere.warning).toBe('This site is asking you to sign in to another site: bank.example');
    expect(rows(elsewhere)).toEqual({ Message: signIn('bank.example') });
    expect(summarizeApproval(request('personal_sign', [signIn('bank.example'), account]), subject).warning).toBe('This site is asking you to sign in to another site: bank.example');
    expect(summarizeApproval(request('personal_sign', [signIn('127.0.0.1:5173'), account]), subject)).not.toHaveProperty('warning');
    expect(summarizeApproval(request('personal_sign', ['hi', account]), subject)).not.toHaveProperty('warning');
  });

  it('does not pass off bytes with control or direction-override characters as text', () => {
    expect(readableText('0x6869')).toBe('hi');
    expect(readableText('0x68690069')).toBeUndefined(); // NUL
    expect(readableText('0xe280ae6869')).toBeUndefined(); // U+202E right-to-left override
    expect(readableText('0xc328')).toBeUndefined(); // not UTF-8
    expect(readableText('0x')).toBeUndefined();
  });

  it('shows typed data: the domain, the primary type and the message fields by path', () => {
    const typedData = {
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
          { name: 'verifyingContract', type: 'address' },
        ],
        Person: [
          { name: 'name', type: 'string' },
          { name: 'wallet', type: 'address' },
        ],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'to', type: 'Person[]' },
          { name: 'contents', type: 'string' },
        ],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      message: { from: { name: 'Cow', wallet: account }, to: [{ name: 'Bob', wallet: other }], contents: 'Hello, Bob!' },
    };
    const summary = summarizeApproval(request('eth_signTypedData_v4', [account, JSON.stringify(typedData)]), subject);
    expect(summary.title).toBe('Sign typed data');
    expect(rows(summary)).toEqual({
      'Domain name': 'Ether Mail',
      'Domain version': '1',
      'Domain chain': '31337',
      'Verifying contract': '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
      'Primary type': 'Mail',
      'from.name': 'Cow',
      'from.wallet': account,
      'to[0].name': 'Bob',
      'to[0].wallet': other,
      contents: 'Hello, Bob!',
    });
  });

  it('shows no typed-data field that is not signed: a decoy domain or message field the types do not declare', () => {
    // The screen read the JSON; the signature covers only what `types` declares. A site could show a
    // known verifying contract and the active chain while signing a domain of a name alone (valid on
    // any chain, for any contract of that name), or show an amount the signature does not cover.
    const decoy = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Payee: [{ name: 'wallet', type: 'address' }],
        Payment: [
          { name: 'payee', type: 'Payee' },
          { name: 'amount', type: 'uint256' },
        ],
      },
      primaryType: 'Payment',
      domain: { name: 'Token', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
      message: { payee: { wallet: other, note: 'your own savings account' }, amount: '1000000', shownAmount: '1' },
    };
    const parsed = request('eth_signTypedData_v4', [account, JSON.stringify(decoy)]);
    expect(rows(summarizeApproval(parsed, subject))).toEqual({ 'Domain name': 'Token', 'Primary type': 'Payment', 'payee.wallet': other, amount: '1000000' });
    // What is shown is what is signed: the same hash as the site's request.
    expect(hashTypedData((parsed as { typedData: TypedDataDefinition }).typedData)).toBe(hashTypedData(decoy as unknown as TypedDataDefinition));
    // A domain as primary type signs no message at all: the screen shows none of it.
    const domainOnly = { ...decoy, primaryType: 'EIP712Domain' };
    expect(rows(summarizeApproval(request('eth_signTypedData_v4', [account, domainOnly]), subject))).toEqual({ 'Domain name': 'Token', 'Primary type': 'EIP712Domain' });
  });

  it('reads a Permit or Permit2 allowance of the largest amount as Unlimited, beside its digits', () => {
    const [permit, permit2, small] = typedDataFieldRows({ value: maxUint256.toString(), amount: `0x${'f'.repeat(40)}`, nonce: '7' });
    expect(permit).toEqual({ label: 'value', value: `Unlimited (${maxUint256})` });
    expect(permit2).toEqual({ label: 'amount', value: `Unlimited (0x${'f'.repeat(40)})`, code: true });
    expect(small).toEqual({ label: 'nonce', value: '7' });
  });

  it('shows a domain field beyond the standard five by its name', () => {
    const typedData = {
      types: { EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'realm', type: 'string' }], Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      domain: { name: 'Notes', realm: 'prod' },
      message: { text: 'hi' },
    };
    expect(rows(summarizeApproval(request('eth_signTypedData_v4', [account, typedData]), subject))).toEqual({ 'Domain name': 'Notes', 'domain.realm': 'prod', 'Primary type': 'Note', text: 'hi' });
  });

  it('lists at most a bounded number of typed-data fields and says how many more there are', () => {
    const message = { items: Array.from({ length: MAX_TYPED_DATA_ROWS + 50 }, (_, i) => i) };
    const listed = typedDataFieldRows(message);
    expect(listed).toHaveLength(MAX_TYPED_DATA_ROWS + 1);
    expect(listed.at(-1)).toEqual({ label: 'More fields', value: '50 more fields are not listed' });
    const [long] = typedDataFieldRows({ note: 'x'.repeat(MAX_VALUE_LENGTH + 1) });
    expect(long!.value).toBe(`${'x'.repeat(MAX_VALUE_LENGTH)}… (${MAX_VALUE_LENGTH + 1} characters in all, not all shown)`);
  });

  it('shows a long personal_sign message whole', () => {
    const text = 'word '.repeat(2000);
    expect(rows(summarizeApproval(request('personal_sign', [text, account]), subject))).toEqual({ Message: text });
  });

  it('shows a transaction: receiver, value in the native coin, the data selector and length (a token call decoded), gas and fees', () => {
    const tx = { from: account, to: other.toLowerCase(), value: '0x2386f26fc10000', data: '0xa9059cbb' + '00'.repeat(64), gas: '0x5208', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00', nonce: '0x7' };
    const summary = summarizeApproval(request('eth_sendTransaction', [tx]), subject);
    expect(summary.title).toBe('Send a transaction');
    expect(rows(summary)).toEqual({
      To: other,
      Value: '0.01 ETH',
      Data: 'function transfer (0xa9059cbb), 68 bytes',
      'Token recipient': '0x0000000000000000000000000000000000000000',
      'Token amount': `0 in the smallest units of token ${other}`,
      'Gas limit': '21000',
      'Max fee per gas': '2 gwei',
      'Max priority fee per gas': '1 gwei',
      Nonce: '7',
      'Most the network may charge': '0.000042 ETH',
    });
    expect(rows(summarizeApproval(request('eth_sendTransaction', [{ from: account, data: '0x6080' }]), { ...subject, nativeCurrency: { symbol: 'POL', decimals: 18 } }))).toEqual({
      To: 'No receiver: this deploys a new contract',
      Value: '0 POL',
      Data: '0x6080, 2 bytes',
    });
    expect(rows(summarizeApproval(request('eth_sendTransaction', [{ from: account, to: other, gasPrice: '0x3b9aca00' }]), subject))).toMatchObject({ Data: 'None', 'Gas price': '1 gwei' });
  });

  it("shows whom a token call lets spend or sends to, and how much: an approve's spender is not hidden in the data", () => {
    // To the token contract, no value: without the arguments the screen said only 'function 0x095ea7b3, 68 bytes'.
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [other, maxUint256] });
    expect(rows(summarizeApproval(request('eth_sendTransaction', [{ from: account, to: token, data: approve }]), subject))).toEqual({
      To: token,
      Value: '0 ETH',
      Data: 'function approve (0x095ea7b3), 68 bytes',
      Spender: other,
      Allowance: 'Unlimited',
    });
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 2500n] });
    const batch = request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: account, calls: [{ to: token, data: approve }, { to: token, data: transfer }] }]);
    expect(rows(summarizeApproval(batch, subject))).toMatchObject({
      'Call 1: Spender': other,
      'Call 2: Data': 'function transfer (0xa9059cbb), 68 bytes',
      'Call 2: Token recipient': other,
      'Call 2: Token amount': `2500 in the smallest units of token ${token}`,
    });
    // Any other call's bytes are shown raw, not as a selector and a length alone.
    expect(rows(summarizeApproval(request('eth_sendTransaction', [{ from: account, to: token, data: '0xd0e30db0aa' }]), subject))).toMatchObject({
      Data: 'function 0xd0e30db0, 5 bytes',
      'Raw data': '0xd0e30db0aa',
    });
  });

  it("shows a token amount scaled by the decimals the token's contract answered, with its symbol and its address; the raw integer for a token with no sane answer", () => {
    const token = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
    const unread = '0x8b8821D202c33f90a432c295627aA0264C750f59';
    const tokens = new Map([[token, { decimals: 6, symbol: 'USDC' }]]);
    const transfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [other, 1_500_000n] });
    const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [other, 10n ** 30n + 1n] });
    const batch = request('wallet_sendCalls', [{ version: '2.0.0', chainId: '0x7a69', from: account, calls: [{ to: token, data: transfer }, { to: token, data: approve }, { to: unread.toLowerCase(), data: transfer }] }]);
    expect(rows(summarizeApproval(batch, { ...subject, tokens }))).toMatchObject({
      'Call 1: Token amount': `1.5 USDC (token ${token})`,
      'Call 2: Allowance': `1000000000000000000000000.000001 USDC (token ${token})`,
      'Call 3: Token amount': `1500000 in the smallest units of token ${unread}`,
    });
    const unlimited = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [other, maxUint256] });
    expect(rows(summarizeApproval(request('eth_sendTransaction', [{ from: account, to: token, data: unlimited }]), { ...subject, tokens }))).toMatchObject({ Allowance: 'Unlimited' });
  });

  it('shows a session grant as its key, its one call, its cap per call, its total, its gas budget in all and its end, and a revoke as its key', () => {
    const expiry = Math.floor(Date.parse('2030-01-02T03:04:05Z') / 1000);
    const grant = { key: other, target: account, valueLimit: 10n ** 15n, allowance: 5n * 10n ** 16n, gasBudget: 2n * 10n ** 16n, expiry } as const;
    const summary = summarizeApproval({ method: 'wallet_grantPermissions', grant }, subject);
    expect(summary.title).toBe('Grant a session key');
    expect(rows(summary)).toEqual({
      'Session key': other,
      'May send to': account,
      Function: 'None: plain transfers only',
      'At most per call': '0.001 ETH',
      'May move': 'Up to 0.05 ETH of your balance, in all',
      'May spend on its own network fees': 'Up to 0.02 ETH of your balance, in all',
      Until: '2030-01-02T03:04:05.000Z',
    });
    // Where the network's paymaster pays the grant, the key's own operations may still be sent unsponsored: the budget is what those may take.
    const fee = { gasLimit: 1n, maxFeePerGas: 1n, maxCost: 1n };
    const sponsored = summarizeApproval({ method: 'wallet_grantPermissions', grant }, { ...subject, operation: { fee, sponsored: true } });
    expect(rows(sponsored)['May spend on its own network fees']).toBe("Up to 0.02 ETH of your balance, in all, for operations the network's paymaster does not sponsor");
    const none = summarizeApproval({ method: 'wallet_grantPermissions', grant: { ...grant, gasBudget: 0n } }, subject);
    expect(rows(none)['May spend on its own network fees']).toBe('None of your balance: only operations a paymaster sponsors');
    const revoke = summarizeApproval(request('wallet_revokePermissions', [{ context: other.toLowerCase() }]), subject);
    expect([revoke.title, rows(revoke)]).toEqual(['Revoke a session key', { 'Session key': other }]);
  });

  it("shows a user operation's fee after its calls, and first the factory when the operation deploys the account too", () => {
    const fee = { gasLimit: 400_000n, maxFeePerGas: 2_000_000_000n, maxCost: 800_000_000_000_000n };
    const grant = { method: 'wallet_grantPermissions', grant: { key: other, target: account, valueLimit: 0n, allowance: 0n, gasBudget: 0n, expiry: 1_900_000_000 } } as const;
    const feeRows = { 'Gas limit': '400000', 'Max fee per gas': '2 gwei', 'Most the network may charge': '0.0008 ETH' };
    const deployed = summarizeApproval(grant, { ...subject, operation: { fee, sponsored: false } });
    expect(deployed.details.slice(-3).map((row) => row.label)).toEqual(Object.keys(feeRows));
    expect(rows(deployed)).toMatchObject(feeRows);
    expect(rows(deployed)).not.toHaveProperty(['Also deploys your smart account, by the factory']);
    const first = summarizeApproval(grant, { ...subject, operation: { fee, sponsored: true, deployedBy: other.toLowerCase() as `0x${string}` } });
    expect(first.details.slice(-4).map((row) => [row.label, row.value])).toEqual([
      ['Also deploys your smart account, by the factory', other],
      ['Gas limit', '400000'],
      ['Max fee per gas', '2 gwei'],
      ['Most the network may charge', "0.0008 ETH, paid by the network's paymaster"],
    ]);
  });
});
