import { fill, type Translate } from '@cairn/core/rules';
import { formatGwei, formatUnits, getAddress, maxUint160, maxUint256, size, slice, type Hex } from 'viem';
import { sessionGrantRows } from '../smartAccount/sessionGrantRows.ts';
import type { ApprovalRequest } from './approvalRequest.ts';
import { signInWarning } from './signInWarning.ts';
import { readTokenCall, type TokenCall } from './tokenCall.ts';
import type { TokenMetadata } from './tokenMetadata.ts';
import type { OperationFee } from '../smartAccount/operationFee.ts';

/** One line of the approval screen: what it is, and the value the user reads. */
export interface ApprovalRow {
  label: string;
  value: string;
  /** Addresses, hex and numbers: shown in a monospace face. */
  code?: boolean;
}

/** What the approval screen shows: who asks, where, for which account, and the decoded call. */
export interface ApprovalSummary {
  title: string;
  /** Site, network, account. */
  context: ApprovalRow[];
  /** The decoded call. */
  details: ApprovalRow[];
  /** What the user must know before approving (a sign-in for another site), shown above the rows. */
  warning?: string;
  /**
   * A statement the user ticks before Approve takes a click (session 25: 'This is my device…' for
   * a new device that asked from another network): RFC 8628 §5.4's confirmation that the device
   * is in the user's possession, asked where the decision is taken.
   */
  confirm?: string;
}

export interface ApprovalSubject {
  /** The site's origin as the channel's handshake established it (never a name the site gives itself). */
  origin: string;
  chainId: number;
  /** The network's name where the frame's configuration gives one. */
  networkName?: string;
  nativeCurrency: { symbol: string; decimals: number };
  account: string;
  /** What the chain answered for the tokens the request's calls move or let spend (by checksummed address); a token not here is shown in its smallest units. */
  tokens?: ReadonlyMap<string, TokenMetadata>;
  /** The smart account's user operation as the bundler estimated it, before the screen: its gas is the user's to pay unless a paymaster sponsors it. */
  operation?: { fee: OperationFee; sponsored: boolean; deployedBy?: Hex };
}

/**
 * Bounds on what one screen lists, so a huge typed-data message cannot make the frame build an
 * unbounded DOM. A personal_sign message is shown whole (parseApprovalRequest bounds it to 64 KiB).
 */
export const MAX_TYPED_DATA_ROWS = 200;
export const MAX_VALUE_LENGTH = 2000;

const clip = (text: string, t: Translate) =>
  text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH)}… ${t('request.countCharactersInAll', { count: text.length })}` : text;

/**
 * Bytes that are readable UTF-8 text (no control characters but line breaks and tabs): dapps send
 * `personal_sign` text hex-encoded (viem, ethers), and the user must read the words, not the hex.
 */
export function readableText(bytes: Hex): string | undefined {
  if (bytes === '0x') return undefined;
  const raw = new Uint8Array((bytes.length - 2) / 2);
  for (let i = 0; i < raw.length; i++) raw[i] = parseInt(bytes.slice(2 + 2 * i, 4 + 2 * i), 16);
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
  } catch {
    return undefined;
  }
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069]/.test(text) ? undefined : text;
}

/** The message as the user reads it: its text, or undefined for bytes that are no readable text. */
const messageText = ({ message }: ApprovalRequest & { method: 'personal_sign' }) => (typeof message === 'string' ? message : readableText(message.raw));

function messageRows(request: ApprovalRequest & { method: 'personal_sign' }, t: Translate): ApprovalRow[] {
  const text = messageText(request);
  if (text !== undefined) return [{ label: t('common.message'), value: text }];
  const raw = (request.message as { raw: Hex }).raw;
  return [{ label: t('request.messageHexBytesCount', { count: size(raw) }), value: raw, code: true }];
}

const display = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, (_key, inner: unknown) => (typeof inner === 'bigint' ? inner.toString() : inner)) ?? String(value);
};
const isCode = (value: unknown) => typeof value !== 'string' || /^0x[0-9a-fA-F]*$/.test(value);

/** The largest amounts of ERC-20 Permit (uint256) and Permit2 (uint160): an allowance that never runs down, read as 'Unlimited' beside its digits. */
const UNLIMITED_AMOUNTS = new Set([maxUint256, maxUint160]);
function isUnlimitedAmount(value: unknown): boolean {
  if (typeof value !== 'string' || !/^(0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value)) return false;
  return UNLIMITED_AMOUNTS.has(BigInt(value));
}

/** The message's fields flattened to paths (`to.wallet`, `items[2].amount`), at most MAX_TYPED_DATA_ROWS. */
export function typedDataFieldRows(message: Record<string, unknown>, t: Translate = fill): ApprovalRow[] {
  const rows: ApprovalRow[] = [];
  let total = 0;
  const walk = (value: unknown, path: string, depth: number) => {
    const nested = depth < 8 && value !== null && typeof value === 'object';
    if (nested && Array.isArray(value)) {
      if (value.length === 0) return void walk('[]', path, depth + 1);
      return value.forEach((item, index) => walk(item, `${path}[${index}]`, depth + 1));
    }
    if (nested) return void Object.entries(value as Record<string, unknown>).forEach(([key, inner]) => walk(inner, path ? `${path}.${key}` : key, depth + 1));
    total++;
    const shown = isUnlimitedAmount(value) ? `${t('request.unlimited')} (${display(value)})` : display(value);
    if (rows.length < MAX_TYPED_DATA_ROWS) rows.push({ label: path, value: clip(shown, t), ...(isCode(value) ? { code: true } : {}) });
  };
  walk(message, '', 0);
  if (total > rows.length) rows.push({ label: t('request.moreFields'), value: t('request.countMoreFieldsAre', { count: total - rows.length }) });
  return rows;
}

/** The EIP-712 domain's fields the screen names in words; any other field a domain type declares is shown by its name. */
const STANDARD_DOMAIN_FIELDS = new Set(['name', 'version', 'chainId', 'verifyingContract', 'salt']);

function typedDataRows({ typedData }: ApprovalRequest & { method: 'eth_signTypedData_v4' }, t: Translate): ApprovalRow[] {
  const domain = (typedData.domain ?? {}) as Record<string, unknown>;
  const rows: ApprovalRow[] = [];
  if (domain.name !== undefined) rows.push({ label: t('request.domainName'), value: clip(display(domain.name), t) });
  if (domain.version !== undefined) rows.push({ label: t('request.domainVersion'), value: clip(display(domain.version), t) });
  if (domain.chainId !== undefined) rows.push({ label: t('request.domainChain'), value: display(domain.chainId), code: true });
  if (domain.verifyingContract !== undefined) rows.push({ label: t('request.verifyingContract'), value: display(domain.verifyingContract), code: true });
  if (domain.salt !== undefined) rows.push({ label: t('request.domainSalt'), value: display(domain.salt), code: true });
  for (const [key, value] of Object.entries(domain)) {
    if (!STANDARD_DOMAIN_FIELDS.has(key) && value !== undefined) rows.push({ label: `domain.${key}`, value: clip(display(value), t), ...(isCode(value) ? { code: true } : {}) });
  }
  rows.push({ label: t('request.primaryType'), value: String(typedData.primaryType) });
  return [...rows, ...typedDataFieldRows(typedData.message as Record<string, unknown>, t)];
}

/** A call's receiver, value and data; `call` numbers the call in a batch ('Call 2: To'). */
function callRows(call: { to?: Hex; value: bigint; data?: Hex }, { nativeCurrency, tokens }: ApprovalSubject, t: Translate, number?: number): ApprovalRow[] {
  const label = (field: string) => (number === undefined ? field : t('request.callNumberField', { number, field }));
  const rows: ApprovalRow[] = [
    call.to ? { label: label(t('request.to')), value: getAddress(call.to), code: true } : { label: label(t('request.to')), value: t('request.noReceiverThisDeploys') },
    { label: label(t('request.value')), value: `${formatUnits(call.value, nativeCurrency.decimals)} ${nativeCurrency.symbol}`, code: true },
  ];
  const data = call.data;
  if (data && size(data) >= 4) {
    // A deployment's bytes are code, whatever they would read as.
    const tokenCall = call.to ? readTokenCall(data) : undefined;
    const selector = tokenCall ? `${tokenCall.name} (${slice(data, 0, 4)})` : slice(data, 0, 4);
    rows.push({ label: label(t('request.data')), value: t('request.functionSelectorCountBytes', { selector, count: size(data) }), code: true });
    if (tokenCall && call.to) rows.push(...tokenCallRows(tokenCall, getAddress(call.to), tokens?.get(getAddress(call.to)), t).map((row) => ({ ...row, label: label(row.label) })));
    else rows.push({ label: label(t('request.rawData')), value: clip(data, t), code: true });
  } else if (data) rows.push({ label: label(t('request.data')), value: t('request.dataCountBytes', { data, count: size(data) }), code: true });
  else rows.push({ label: label(t('request.data')), value: t('request.none') });
  return rows;
}

/**
 * Whom a token call lets spend, or sends to, and how much: scaled by the decimals the token's
 * contract answered, with its symbol and always its address (any contract may call itself "USDC");
 * in its smallest units when the frame has no sane answer.
 */
function tokenCallRows(call: TokenCall, token: string, metadata: TokenMetadata | undefined, t: Translate): ApprovalRow[] {
  const amount = (value: bigint) =>
    metadata
      ? t('request.amountOfToken', { amount: formatUnits(value, metadata.decimals), symbol: metadata.symbol, token })
      : t('request.amountInSmallestUnitsOf', { amount: value.toString(), token });
  switch (call.name) {
    case 'transfer':
      return [{ label: t('request.tokenRecipient'), value: call.to, code: true }, { label: t('request.tokenAmount'), value: amount(call.amount), code: true }];
    case 'transferFrom':
      return [
        { label: t('request.tokenOwner'), value: call.from, code: true },
        { label: t('request.tokenRecipient'), value: call.to, code: true },
        { label: t('request.tokenAmount'), value: amount(call.amount), code: true },
      ];
    case 'approve':
    case 'increaseAllowance':
      return [
        { label: t('request.spender'), value: call.spender, code: true },
        { label: t('request.allowance'), value: call.amount === 'unlimited' ? t('request.unlimited') : amount(call.amount), code: call.amount !== 'unlimited' },
      ];
    case 'setApprovalForAll':
      return [{ label: t('request.spender'), value: call.spender, code: true }, { label: t('request.allowance'), value: call.approved ? t('request.everyTokenOfThisContract') : t('request.none') }];
  }
}

function transactionRows({ transaction }: ApprovalRequest & { method: 'eth_sendTransaction' }, subject: ApprovalSubject, t: Translate): ApprovalRow[] {
  const rows = callRows(transaction, subject, t);
  if (transaction.gas !== undefined) rows.push({ label: t('request.gasLimit'), value: transaction.gas.toString(), code: true });
  if (transaction.gasPrice !== undefined) rows.push({ label: t('request.gasPrice'), value: `${formatGwei(transaction.gasPrice)} gwei`, code: true });
  if (transaction.maxFeePerGas !== undefined) rows.push({ label: t('request.maxFeePerGas'), value: `${formatGwei(transaction.maxFeePerGas)} gwei`, code: true });
  if (transaction.maxPriorityFeePerGas !== undefined) rows.push({ label: t('request.maxPriorityFeePer'), value: `${formatGwei(transaction.maxPriorityFeePerGas)} gwei`, code: true });
  if (transaction.nonce !== undefined) rows.push({ label: t('request.nonce'), value: String(transaction.nonce), code: true });
  // A site may set the gas and its price: the user reads the most the network may charge, not a product to work out.
  const feePerGas = transaction.maxFeePerGas ?? transaction.gasPrice;
  if (transaction.gas !== undefined && feePerGas !== undefined) {
    rows.push({ label: t('request.mostTheNetworkMayCharge'), value: `${formatUnits(transaction.gas * feePerGas, subject.nativeCurrency.decimals)} ${subject.nativeCurrency.symbol}`, code: true });
  }
  return rows;
}

/**
 * A user operation's gas as the bundler set it: the limits together, the price cap, and the most the
 * network may charge (the figure the signed operation allows); first, the factory when the operation
 * deploys the account too (its first operation: the deployment's gas is in the figure).
 */
function operationFeeRows({ fee, sponsored, deployedBy }: NonNullable<ApprovalSubject['operation']>, { nativeCurrency }: ApprovalSubject, t: Translate): ApprovalRow[] {
  const most = `${formatUnits(fee.maxCost, nativeCurrency.decimals)} ${nativeCurrency.symbol}`;
  return [
    ...(deployedBy ? [{ label: t('request.alsoDeploysYourSmartAccountBy'), value: getAddress(deployedBy), code: true }] : []),
    { label: t('request.gasLimit'), value: fee.gasLimit.toString(), code: true },
    { label: t('request.maxFeePerGas'), value: `${formatGwei(fee.maxFeePerGas)} gwei`, code: true },
    { label: t('request.mostTheNetworkMayCharge'), value: sponsored ? t('request.amountPaidByThePaymaster', { amount: most }) : most, code: true },
  ];
}

/** The approval screen's content for a decoded request (SPEC §6's approval methods this frame signs), in `t`'s language. */
export function summarizeApproval(request: ApprovalRequest, subject: ApprovalSubject, t: Translate = fill): ApprovalSummary {
  const summary = summarizeRequest(request, subject, t);
  return subject.operation ? { ...summary, details: [...summary.details, ...operationFeeRows(subject.operation, subject, t)] } : summary;
}

function summarizeRequest(request: ApprovalRequest, subject: ApprovalSubject, t: Translate): ApprovalSummary {
  const context: ApprovalRow[] = [
    { label: t('common.site'), value: subject.origin, code: true },
    { label: t('common.network'), value: subject.networkName ? t('request.networkChainChainid', { network: subject.networkName, chainId: subject.chainId }) : t('request.chainChainid', { chainId: subject.chainId }) },
    { label: t('common.account'), value: getAddress(subject.account), code: true },
  ];
  switch (request.method) {
    case 'personal_sign': {
      const text = messageText(request);
      const warning = text === undefined ? undefined : signInWarning(text, subject.origin, t);
      return { title: t('common.signAMessage'), context, details: messageRows(request, t), ...(warning ? { warning } : {}) };
    }
    case 'eth_signTypedData_v4':
      return { title: t('request.signTypedData'), context, details: typedDataRows(request, t) };
    case 'eth_sendTransaction':
      return { title: t('common.sendATransaction'), context, details: transactionRows(request, subject, t) };
    case 'wallet_sendCalls':
      // One approval for the whole batch: every call is listed, and they run together or not at all.
      // A batch of one (Send from the smart account) is one transaction to the user.
      if (request.calls.length === 1) return { title: t('common.sendATransaction'), context, details: callRows(request.calls[0]!, subject, t) };
      return {
        title: t('request.sendCountCallsAt', { count: request.calls.length }),
        context,
        details: request.calls.flatMap((call, index) => callRows(call, subject, t, index + 1)),
      };
    case 'eth_sendUserOperation':
      return {
        title: request.calls.length === 1 ? t('request.sendAUserOperation') : t('request.sendAUserOperationOf', { count: request.calls.length }),
        context,
        details: request.calls.flatMap((call, index) => callRows(call, subject, t, request.calls.length === 1 ? undefined : index + 1)),
      };
    case 'wallet_grantPermissions':
      return { title: t('request.grantASessionKey'), context, details: sessionGrantRows(request.grant, subject.nativeCurrency, subject.operation?.sponsored ?? false, t, subject.tokens?.get(getAddress(request.grant.target))) };
    case 'wallet_revokePermissions':
      return { title: t('request.revokeASessionKey'), context, details: [{ label: t('common.sessionKey'), value: getAddress(request.key), code: true }] };
  }
}
