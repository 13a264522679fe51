import { getAddress, isAddress, isAddressEqual, parseAbi, verifyTypedData, type Address, type Hex, type PublicClient } from 'viem';
import type { FarcasterConfig } from '../../config/farcaster.ts';

/**
 * The name a Farcaster login shows the visitor to confirm (session 22): never the answering app's
 * `username` (an attacker answering the visitor's channel sends the visitor's), but the fid's current
 * name in the name registry (fnames), whose proof must be signed by the registry's key, name this
 * fid, and be owned by the fid's custody address on the ID registry now.
 */
export type FarcasterName =
  | { status: 'verified'; username: string }
  /** The registry knows no name for the fid (never had one, or gave it up). */
  | { status: 'none' }
  /** The registry answered a proof that does not hold: shown as no name, with why. */
  | { status: 'unverified'; reason: string };

/** The registry did not answer (down, slow, or not its API): no login goes on without the check. */
export class NameRegistryUnavailable extends Error {}

/** Farcaster's ID registry on OP Mainnet (and at the same address on the devnet's chains). */
const ID_REGISTRY: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b';
const ID_REGISTRY_ABI = parseAbi(['function custodyOf(uint256 fid) view returns (address)']);
// fnames signs its proofs in this domain (chain 1 and that contract are its own choice, for every fid).
const PROOF_DOMAIN = { name: 'Farcaster name verification', version: '1', chainId: 1, verifyingContract: '0xe3be01d99baa8db9905b33a3ca391238234b79d1' } as const;
const PROOF_TYPES = { UserNameProof: [{ name: 'name', type: 'string' }, { name: 'timestamp', type: 'uint256' }, { name: 'owner', type: 'address' }] } as const;

/** An answer is kept this long per fid, for this many fids: a visitor who retries costs the registry one call. */
export const NAME_CACHE_MS = 30_000;
export const NAME_CACHE_ENTRIES = 256;
/** The most of the registry's answer read: a transfer is a few hundred bytes. */
const MAX_ANSWER_BYTES = 16_384;

interface Transfer {
  username: string;
  owner: Address;
  to: number;
  timestamp: number;
  server_signature: Hex;
}

function transferOf(body: unknown): Transfer | undefined {
  const transfer = (body as { transfer?: Record<string, unknown> } | null)?.transfer;
  if (!transfer || typeof transfer !== 'object') return undefined;
  const { username, owner, to, timestamp, server_signature: signature } = transfer;
  if (typeof username !== 'string' || username.length > 64 || typeof owner !== 'string' || !isAddress(owner, { strict: false })) return undefined;
  if (typeof to !== 'number' || !Number.isSafeInteger(to) || typeof timestamp !== 'number' || !Number.isSafeInteger(timestamp) || timestamp < 0) return undefined;
  if (typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature)) return undefined;
  return { username, owner: getAddress(owner), to, timestamp, server_signature: signature as Hex };
}

/** Reads the registry's answer for an fid: its transfer, undefined for none (404); throws when it cannot tell. */
async function currentTransfer(registry: FarcasterConfig['nameRegistry'], fid: number): Promise<Transfer | undefined> {
  let response: Response;
  try {
    response = await fetch(`${registry.url}/transfers/current?fid=${fid}`, { signal: AbortSignal.timeout(registry.timeoutMs), redirect: 'error' });
  } catch {
    throw new NameRegistryUnavailable(`no answer within ${registry.timeoutMs} ms`);
  }
  if (response.status === 404) {
    await response.body?.cancel();
    return undefined;
  }
  const text = await response.text().catch(() => '');
  if (!response.ok || text.length > MAX_ANSWER_BYTES) throw new NameRegistryUnavailable(`HTTP ${response.status}`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new NameRegistryUnavailable('an answer that is not JSON');
  }
  const transfer = transferOf(body);
  if (!transfer) throw new NameRegistryUnavailable('an answer that is not a transfer');
  return transfer;
}

/** Whether the transfer proves `fid`'s name: the registry's signature, this fid, its custody address as owner. */
export async function nameOfTransfer(transfer: Transfer | undefined, fid: number, signer: Address, custody: () => Promise<Address>): Promise<FarcasterName> {
  // The latest transfer naming the fid took its name away (to fid 0, or to another fid).
  if (!transfer || transfer.to !== fid) return transfer && transfer.to !== fid && transfer.to !== 0 ? { status: 'unverified', reason: `the registry's proof names fid ${transfer.to}` } : { status: 'none' };
  const signed = await verifyTypedData({
    address: signer,
    domain: PROOF_DOMAIN,
    types: PROOF_TYPES,
    primaryType: 'UserNameProof',
    message: { name: transfer.username, timestamp: BigInt(transfer.timestamp), owner: transfer.owner },
    signature: transfer.server_signature,
  }).catch(() => false);
  if (!signed) return { status: 'unverified', reason: "the proof is not signed by the registry's key" };
  if (!isAddressEqual(transfer.owner, await custody())) return { status: 'unverified', reason: "the proof's owner is not the fid's custody address" };
  return { status: 'verified', username: transfer.username };
}

/**
 * The name check of a Farcaster login: one registry call per fid (then kept NAME_CACHE_MS, for
 * NAME_CACHE_ENTRIES fids), one ID registry read; a registry that does not answer in time is
 * NameRegistryUnavailable, never a name.
 */
export function farcasterNames(registry: FarcasterConfig['nameRegistry'], chain: Pick<PublicClient, 'readContract'>, now: () => number = Date.now) {
  const cache = new Map<number, { name: FarcasterName; until: number }>();
  const custodyOf = (fid: number) => chain.readContract({ address: ID_REGISTRY, abi: ID_REGISTRY_ABI, functionName: 'custodyOf', args: [BigInt(fid)] });
  return {
    async nameOf(fid: number): Promise<FarcasterName> {
      const kept = cache.get(fid);
      if (kept && kept.until > now()) return kept.name;
      const name = await nameOfTransfer(await currentTransfer(registry, fid), fid, registry.signer, () => custodyOf(fid));
      cache.delete(fid);
      if (cache.size >= NAME_CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(fid, { name, until: now() + NAME_CACHE_MS });
      return name;
    },
  };
}
