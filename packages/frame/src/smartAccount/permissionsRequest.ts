import * as v from 'valibot';
import { getAddress, toHex, type Address, type Hex } from 'viem';
import { publicKeyToAddress } from 'viem/accounts';

/**
 * A session the site asks for (ERC-7715's wallet_grantPermissions, in its smallest faithful form):
 * one key, one kind of call, a value cap per call, a total it may move, a gas budget in all, an expiry. The account enforces it on-chain
 * (CairnAccount's session check in validation), so the key can do nothing else, whoever holds it.
 */
export interface SessionGrant {
  /** The site's session key (its address). */
  key: Address;
  /** The one contract (or receiver) the key may call. */
  target: Address;
  /** The function it may call there; undefined for a plain value transfer (no calldata). */
  selector?: Hex;
  /** The most value one call may carry, in wei (at most `allowance`). */
  valueLimit: bigint;
  /**
   * The most the key may move in all (ERC-7715's token-allowance policy; session 24): wei its calls
   * carry, or, for an ERC-20 transfer or approve session (`movesTokens`), the calls' amounts in the
   * token's smallest units. CairnAccount spends it in validation and refuses a call that does not fit.
   */
  allowance: bigint;
  /**
   * The most, in wei, the key's own user operations may cost the account in network fees, in all
   * (ERC-7715's gas-limit policy). CairnAccount charges each one it pays for (no paymaster) its
   * prefund and refuses one that does not fit; 0: the key's operations must be sponsored.
   */
  gasBudget: bigint;
  /** Unix seconds; the EntryPoint refuses the key's user operations from then on. */
  expiry: number;
}

export type PermissionsRequest = { method: 'wallet_grantPermissions'; grant: SessionGrant } | { method: 'wallet_revokePermissions'; key: Address };

/**
 * What wallet_getCapabilities says of permissions (ERC-7715's capability) for the smart account:
 * the signer types, key types and permission types parseGrantPermissions takes.
 */
export const PERMISSIONS_CAPABILITY = {
  supported: true,
  signerTypes: ['account', 'key'],
  keyTypes: ['secp256k1'],
  permissionTypes: ['contract-call', 'native-token-transfer', 'erc20-token-transfer'],
  policyTypes: ['gas-limit', 'token-allowance'],
} as const;

/** ERC-20's transfer(address,uint256) and approve(address,uint256): a session of either counts the call's amount, not its value. */
export const ERC20_TRANSFER_SELECTOR: Hex = '0xa9059cbb';
export const ERC20_APPROVE_SELECTOR: Hex = '0x095ea7b3';
/** ERC-20's transferFrom(address,address,uint256) and increaseAllowance(address,uint256): counted by their amount too (session 25). */
export const ERC20_TRANSFER_FROM_SELECTOR: Hex = '0x23b872dd';
export const ERC20_INCREASE_ALLOWANCE_SELECTOR: Hex = '0x39509351';
const TOKEN_SELECTORS: readonly Hex[] = [ERC20_TRANSFER_SELECTOR, ERC20_APPROVE_SELECTOR, ERC20_TRANSFER_FROM_SELECTOR, ERC20_INCREASE_ALLOWANCE_SELECTOR];
/** Whether a session of this selector moves tokens (CairnAccount's `_movesTokens`): its allowance is in the token's units and it carries no value. */
export const movesTokens = (selector: Hex | undefined) => selector !== undefined && TOKEN_SELECTORS.includes(selector);

/**
 * What no total bounds, refused at the grant (CairnAccount's `_unbounded`, which refuses them too):
 * each gives away every token of a collection or an allowance, a token by its id, or an allowance
 * of a token the call itself names. A site asks the user call by call for these.
 */
export const UNBOUNDED_SELECTORS: Readonly<Record<Hex, string>> = {
  '0xa22cb465': 'setApprovalForAll(address,bool)',
  '0xd505accf': 'permit(address,address,uint256,uint256,uint8,bytes32,bytes32)',
  '0x8fcbaf0c': 'permit(address,address,uint256,uint256,bool,uint8,bytes32,bytes32)',
  '0x42842e0e': 'safeTransferFrom(address,address,uint256)',
  '0xb88d4fde': 'safeTransferFrom(address,address,uint256,bytes)',
  '0xf242432a': 'safeTransferFrom(address,address,uint256,uint256,bytes)',
  '0x2eb2c2d6': 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  '0x959b8c3f': 'authorizeOperator(address)',
  '0x87517c45': 'approve(address,address,uint160,uint48)',
};
/** Whether a session of this selector is one Cairn knows what it moves (plain transfers, the counted token functions). */
export const knownSessionCall = (selector: Hex | undefined) => selector === undefined || movesTokens(selector);

/** The longest session a grant may ask for. */
const MAX_SESSION_DAYS = 30;
const MAX_SESSION_SECONDS = MAX_SESSION_DAYS * 24 * 3600;
/** The largest gas budget a grant may ask for: 1 of an 18-decimals coin (1 ETH), in wei. */
export const MAX_SESSION_GAS_BUDGET = 10n ** 18n;
/**
 * The largest native total a grant may ask for: 10 of an 18-decimals coin, in wei. A session is for
 * small repeated payments; a larger one the user approves call by call. (It also keeps the per-call
 * cap, at most the total, within CairnAccount's uint64.) A token total is bounded by its uint128 only.
 */
export const MAX_SESSION_VALUE_ALLOWANCE = 10n * 10n ** 18n;

export const PermissionsText = {
  malformed:
    "wallet_grantPermissions: params are [{ expiry, signer: { type: 'account', data: { address } } or { type: 'key', data: { type: 'secp256k1', publicKey } }, permissions: [one { type: 'contract-call', data: { address, functionSelector, valueLimit? } }, { type: 'native-token-transfer', data: { to, valueLimit } } or { type: 'erc20-token-transfer', data: { address } }, with policies: [{ type: 'gas-limit', data: { limit } }, and { type: 'token-allowance', data: { allowance } } where it moves value or tokens], each policy once] }]",
  gasBudget:
    "wallet_grantPermissions: the permission needs its gas budget, policies: [{ type: 'gas-limit', data: { limit } }]: the most, in wei, the session key's own user operations may cost the account in network fees in all (0x0: only sponsored ones; at most 0xde0b6b3a7640000, 1 ETH)",
  allowance:
    "wallet_grantPermissions: a permission that moves value or tokens needs its total, policies: [{ type: 'token-allowance', data: { allowance } }]: the most the session key may move in all, in wei (at most 0x8ac7230489e80000, 10 ETH) or, for an ERC-20 transfer, approve, transferFrom or increaseAllowance, in the token's smallest units",
  valueLimitOverAllowance: "wallet_grantPermissions: the permission's valueLimit (per call) is more than its token-allowance (in all)",
  tokenCallWithValue: "wallet_grantPermissions: an ERC-20 transfer, approve, transferFrom or increaseAllowance carries no value: its valueLimit is 0x0 or absent, and its token-allowance counts the token's amount",
  unbounded:
    'wallet_grantPermissions: no session may call setApprovalForAll, permit, an ERC-721 or ERC-1155 transfer, authorizeOperator or Permit2\'s approve (nor ask for erc721-token-transfer or erc1155-token-transfer): each gives away more than a total can count; ask the user for each such call (wallet_sendCalls)',
  erc721Token:
    "wallet_grantPermissions: this contract says it is an ERC-721 or ERC-1155 (ERC-165), or answers as an ERC-721 does (ownerOf, balanceOf): its transferFrom and approve move a token by its id, which no total counts; ask the user for each such call (wallet_sendCalls)",
  targetUnread:
    'wallet_grantPermissions: the network did not answer whether the contract is an ERC-721 or ERC-1155 (a session on it cannot be counted otherwise); try again',
  malformedRevoke: 'wallet_revokePermissions: params are [{ context }], the context wallet_grantPermissions answered',
  expiry: `The expiry is a time in the next ${MAX_SESSION_DAYS} days, in Unix seconds`,
} as const;

const AddressSchema = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/));
const Quantity = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,32}$/));
// ERC-7715's gas-limit policy, read as viem's experimental grantPermissions writes it: wei.
const GasLimitPolicy = v.object({ type: v.literal('gas-limit'), data: v.object({ limit: Quantity }) });
// ERC-7715's token-allowance policy (viem's TokenAllowancePolicy): the total, wei or the token's smallest units.
const TokenAllowancePolicy = v.object({ type: v.literal('token-allowance'), data: v.object({ allowance: Quantity }) });
const Policies = v.optional(
  v.pipe(
    v.array(v.union([GasLimitPolicy, TokenAllowancePolicy])),
    v.maxLength(2),
    v.check((policies) => new Set(policies.map((policy) => policy.type)).size === policies.length),
  ),
);
const Signer = v.union([
  v.object({ type: v.literal('account'), data: v.object({ address: AddressSchema }) }),
  v.object({ type: v.literal('key'), data: v.object({ type: v.literal('secp256k1'), publicKey: v.pipe(v.string(), v.regex(/^0x04[0-9a-fA-F]{128}$/)) }) }),
]);
// Earlier drafts' types for a collection's items: read only to be refused with their reason, not as malformed.
const NftDraftPermission = v.object({ type: v.picklist(['erc721-token-transfer', 'erc1155-token-transfer']) });
const Permission = v.union([
  v.object({ type: v.literal('contract-call'), data: v.object({ address: AddressSchema, functionSelector: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{8}$/)), valueLimit: v.optional(Quantity) }), policies: Policies }),
  v.object({ type: v.literal('native-token-transfer'), data: v.object({ to: AddressSchema, valueLimit: Quantity }), policies: Policies }),
  // viem's shape; its ticker is the site's word, never shown (the screen reads the token's own).
  v.object({ type: v.literal('erc20-token-transfer'), data: v.object({ address: AddressSchema, ticker: v.optional(v.pipe(v.string(), v.maxLength(32))) }), policies: Policies }),
  NftDraftPermission,
]);
const GrantSchema = v.object({
  chainId: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{1,16}$/))),
  address: v.optional(AddressSchema),
  expiry: v.pipe(v.number(), v.integer()),
  signer: Signer,
  permissions: v.pipe(v.array(Permission), v.length(1)),
});
const RevokeSchema = v.object({ context: AddressSchema });

/** Decodes wallet_grantPermissions' params for the smart account `account` on `chainId`, at `nowSeconds`. */
export function parseGrantPermissions(
  params: unknown,
  account: Address,
  chainId: number,
  nowSeconds: number,
  errors: { otherAccount: string; otherNetwork: string },
): { request: PermissionsRequest } | { error: string } {
  const parsed = v.safeParse(GrantSchema, Array.isArray(params) && params.length === 1 ? params[0] : undefined);
  if (!parsed.success) return { error: PermissionsText.malformed };
  const { chainId: asked, address, expiry, signer, permissions } = parsed.output;
  if (address !== undefined && address.toLowerCase() !== account.toLowerCase()) return { error: errors.otherAccount };
  if (asked !== undefined && BigInt(asked) !== BigInt(chainId)) return { error: errors.otherNetwork };
  if (expiry <= nowSeconds || expiry > nowSeconds + MAX_SESSION_SECONDS) return { error: PermissionsText.expiry };
  const key = signer.type === 'account' ? getAddress(signer.data.address) : publicKeyToAddress(signer.data.publicKey as Hex);
  const permission = permissions[0]!;
  if (v.is(NftDraftPermission, permission)) return { error: PermissionsText.unbounded };
  const call = sessionCall(permission);
  if (call.selector !== undefined && call.selector in UNBOUNDED_SELECTORS) return { error: PermissionsText.unbounded };
  const policies = permission.policies ?? [];
  // Never unbounded: a grant without its budget, or over the largest, is refused.
  const limit = policies.find((policy) => policy.type === 'gas-limit')?.data.limit;
  if (limit === undefined || BigInt(limit) > MAX_SESSION_GAS_BUDGET) return { error: PermissionsText.gasBudget };
  const total = policies.find((policy) => policy.type === 'token-allowance')?.data.allowance;
  const tokens = movesTokens(call.selector);
  if (tokens && call.valueLimit > 0n) return { error: PermissionsText.tokenCallWithValue };
  // Nor is what it moves: a payable or token session names its total, which the screen shows.
  if (total === undefined && (tokens || call.valueLimit > 0n)) return { error: PermissionsText.allowance };
  const allowance = BigInt(total ?? '0x0');
  if (!tokens && allowance > MAX_SESSION_VALUE_ALLOWANCE) return { error: PermissionsText.allowance };
  if (call.valueLimit > allowance) return { error: PermissionsText.valueLimitOverAllowance };
  return { request: { method: 'wallet_grantPermissions', grant: { key, ...call, allowance, gasBudget: BigInt(limit), expiry } } };
}

type PermissionAsked = Exclude<v.InferOutput<typeof Permission>, v.InferOutput<typeof NftDraftPermission>>;

/** The one kind of call a permission asks for: an erc20-token-transfer is a contract-call of the token's transfer. */
function sessionCall(permission: PermissionAsked): { target: Address; selector?: Hex; valueLimit: bigint } {
  switch (permission.type) {
    case 'contract-call':
      return { target: getAddress(permission.data.address), selector: permission.data.functionSelector.toLowerCase() as Hex, valueLimit: BigInt(permission.data.valueLimit ?? '0x0') };
    case 'native-token-transfer':
      return { target: getAddress(permission.data.to), valueLimit: BigInt(permission.data.valueLimit) };
    case 'erc20-token-transfer':
      return { target: getAddress(permission.data.address), selector: ERC20_TRANSFER_SELECTOR, valueLimit: 0n };
  }
}

export function parseRevokePermissions(params: unknown): { request: PermissionsRequest } | { error: string } {
  const parsed = v.safeParse(RevokeSchema, Array.isArray(params) && params.length === 1 ? params[0] : undefined);
  if (!parsed.success) return { error: PermissionsText.malformedRevoke };
  return { request: { method: 'wallet_revokePermissions', key: getAddress(parsed.output.context) } };
}

/** What wallet_grantPermissions answers (ERC-7715's shape): the grant as made, and the context that names it (the session key) for wallet_revokePermissions. */
export function grantedPermissions(grant: SessionGrant, account: Address, chainId: number) {
  const policies = [
    { type: 'gas-limit', data: { limit: toHex(grant.gasBudget) } },
    { type: 'token-allowance', data: { allowance: toHex(grant.allowance) } },
  ];
  const permission = grant.selector
    ? { type: 'contract-call', data: { address: grant.target, functionSelector: grant.selector, valueLimit: toHex(grant.valueLimit) }, policies }
    : { type: 'native-token-transfer', data: { to: grant.target, valueLimit: toHex(grant.valueLimit) }, policies };
  return { chainId: toHex(chainId), address: account, expiry: grant.expiry, signer: { type: 'account', data: { address: grant.key } }, permissions: [permission], context: grant.key };
}
