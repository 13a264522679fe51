import { BaseError, createPublicClient, encodeFunctionData, http, parseAbi, size, zeroAddress, type Address, type Hex } from 'viem';
import { TOKEN_READ_TIMEOUT_MS } from '../signing/tokenMetadata.ts';
import { movesTokens, PermissionsText, type SessionGrant } from './permissionsRequest.ts';

/**
 * One eth_call's return data, or `undefined` when the node ran the call and it reverted (JSON-RPC
 * error 3, 'execution reverted'); throws when the node gave no answer (down, slow, or any other error).
 */
export type ProbeCall = (to: Address, data: Hex) => Promise<Hex | undefined>;

/** How a session's target says it is a collection of tokens by id: its ERC-165 answer, or, answering none, its ERC-721 shape. */
export type CollectionSign = 'erc721' | 'erc1155' | 'erc721Shape';

const probeAbi = parseAbi([
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner) view returns (uint256)',
]);
export const ERC721_INTERFACE: Hex = '0x80ac58cd';
export const ERC1155_INTERFACE: Hex = '0xd9b67a26';
/** The token ids collections start at; the shape probe asks who holds them. */
const FIRST_TOKEN_IDS = [0n, 1n] as const;
/** Any address but zero, for the balanceOf a collection answers: ERC-721 says its balanceOf throws for zero only. */
const SOME_HOLDER: Address = '0x000000000000000000000000000000000000dEaD';

const isTrue = (answer: Hex | undefined) => answer !== undefined && size(answer) === 32 && BigInt(answer) === 1n;
/** An ABI-encoded address that is not zero: 32 bytes, the upper 12 zero. */
const isHolder = (answer: Hex | undefined) => answer !== undefined && size(answer) === 32 && BigInt(answer) !== 0n && BigInt(answer) < 2n ** 160n;

/**
 * Whether `target` is a collection whose `transferFrom` and `approve` take a token id where an
 * ERC-20's take an amount, read through the frame's own RPC before a counted session's screen
 * (session 26). First its ERC-165 answer for ERC-721 (`0x80ac58cd`, what CairnAccount's grantSession
 * reads too) or ERC-1155 (`0xd9b67a26`). A contract that claims neither is then probed for ERC-721's
 * shape, which no ERC-20 has: `ownerOf` of token 0 or 1 answering an address, or `balanceOf(0)`
 * reverting (ERC-721: "queries about the zero address throw") while another holder's answers. All
 * reads at once, each bounded in time; a read with no answer throws (the grant is then refused, retryable).
 */
export async function collectionTarget(target: Address, probe: ProbeCall): Promise<CollectionSign | undefined> {
  const call = (data: Hex) => probe(target, data);
  const supports = (interfaceId: Hex) => call(encodeFunctionData({ abi: probeAbi, functionName: 'supportsInterface', args: [interfaceId] }));
  const [erc721, erc1155, zeroBalance, someBalance, ...owners] = await Promise.all([
    supports(ERC721_INTERFACE),
    supports(ERC1155_INTERFACE),
    call(encodeFunctionData({ abi: probeAbi, functionName: 'balanceOf', args: [zeroAddress] })),
    call(encodeFunctionData({ abi: probeAbi, functionName: 'balanceOf', args: [SOME_HOLDER] })),
    ...FIRST_TOKEN_IDS.map((id) => call(encodeFunctionData({ abi: probeAbi, functionName: 'ownerOf', args: [id] }))),
  ]);
  if (isTrue(erc721)) return 'erc721';
  if (isTrue(erc1155)) return 'erc1155';
  if (owners.some(isHolder)) return 'erc721Shape';
  if (zeroBalance === undefined && someBalance !== undefined && size(someBalance) === 32) return 'erc721Shape';
  return undefined;
}

/** A ProbeCall over the frame's RPC URL, each call bounded by `timeoutMs`. */
export function rpcProbeReader(rpcUrl: string, timeoutMs = TOKEN_READ_TIMEOUT_MS): ProbeCall {
  const client = createPublicClient({ transport: http(rpcUrl, { timeout: timeoutMs, retryCount: 0 }) });
  return async (to, data) => {
    try {
      return (await client.request({ method: 'eth_call', params: [{ to, data }, 'latest'] })) as Hex;
    } catch (error) {
      if (reverted(error)) return undefined;
      throw error;
    }
  };
}

/** The node's word for a call that ran and reverted (geth and Anvil: code 3, or the message), not for a node that failed to answer. */
function reverted(error: unknown): boolean {
  if (!(error instanceof BaseError)) return false;
  return Boolean(
    error.walk((cause) => {
      const { code, message } = cause as { code?: unknown; message?: unknown };
      return code === 3 || (code === -32000 && typeof message === 'string' && /execution reverted|invalid opcode|out of gas/i.test(message));
    }),
  );
}

/**
 * The frame's refusal of a counted session (`movesTokens`: its total counts an amount) on a
 * collection, before any screen or estimate; undefined for any other grant or target. A node that
 * does not answer refuses too: the contract's own check covers ERC-721's ERC-165 answer only.
 */
export async function collectionSessionRefusal(grant: SessionGrant, probe: ProbeCall): Promise<string | undefined> {
  if (!movesTokens(grant.selector)) return undefined;
  try {
    return (await collectionTarget(grant.target, probe)) ? PermissionsText.erc721Token : undefined;
  } catch {
    return PermissionsText.targetUnread;
  }
}
