import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getAddress, isAddress, keccak256, stringToHex, verifyTypedData, type Address, type Hex } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

/**
 * Farcaster's off-chain name registry (fnames), the small part of its read and write API a Sign In
 * With Farcaster server needs, on 127.0.0.1 for the devnet. Every change of a name is a transfer:
 * registering is a transfer from fid 0, giving up a name one to fid 0. Each transfer carries the
 * owner's EIP-712 `UserNameProof` (the custody address of the fid that asks) and the registry's own
 * signature of the same proof, which is what a reader checks against the registry's signer address.
 * Unlike the real registry, this one does not read the ID registry when a name is registered: a
 * reader must check the owner against the fid's custody address itself (the server does).
 */

/** The registry's EIP-712 domain and type, as fnames signs its proofs (chain 1 and its contract address are fnames' own choice). */
export const NAME_PROOF_DOMAIN = { name: 'Farcaster name verification', version: '1', chainId: 1, verifyingContract: '0xe3be01d99baa8db9905b33a3ca391238234b79d1' } as const;
export const NAME_PROOF_TYPES = { UserNameProof: [{ name: 'name', type: 'string' }, { name: 'timestamp', type: 'uint256' }, { name: 'owner', type: 'address' }] } as const;

/** The devnet registry's signing key: fixed, so the server's devnet default signer (FARCASTER_NAME_REGISTRY_SIGNER) is its address. */
export const DEVNET_NAME_REGISTRY_KEY: Hex = keccak256(stringToHex('cairn-devnet-farcaster-name-registry'));

/** One transfer as fnames serves it (its JSON field names). */
export interface NameTransfer {
  id: number;
  timestamp: number;
  username: string;
  owner: Address;
  from: number;
  to: number;
  user_signature: Hex;
  server_signature: Hex;
}

/** What an fid's custody key sends to register (`from` 0) or give up (`to` 0) a name. */
export interface TransferRequest {
  name: string;
  from: number;
  to: number;
  fid: number;
  owner: Address;
  timestamp: number;
  signature: Hex;
}

export interface LocalNameRegistry {
  url: string;
  signer: Address;
  /** Stops answering: a registry that is down (the server must say so, not log in). */
  pause(paused: boolean): void;
  /** Answers nothing for `ms` per request: a registry that hangs. */
  delay(ms: number): void;
  close(): Promise<void>;
}

// fnames' rule for a name: lower-case letters, digits and hyphens, 1 to 16, not starting with a hyphen.
const NAME = /^[a-z0-9][a-z0-9-]{0,15}$/;
const MAX_BODY_BYTES = 4096;

/** Signs a name's proof for `owner` with `key` (an fid's custody key, or the registry's own). */
export function signNameProof(key: Hex | PrivateKeyAccount, proof: { name: string; timestamp: number; owner: Address }): Promise<Hex> {
  const account = typeof key === 'string' ? privateKeyToAccount(key) : key;
  return account.signTypedData({ domain: NAME_PROOF_DOMAIN, types: NAME_PROOF_TYPES, primaryType: 'UserNameProof', message: { name: proof.name, timestamp: BigInt(proof.timestamp), owner: proof.owner } });
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  response.end(JSON.stringify(body));
}

const fidOf = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined);

/** Why a transfer request is refused, or undefined (the checks fnames makes that need no chain). */
async function transferProblem(request: Partial<TransferRequest>, transfers: NameTransfer[]): Promise<string | undefined> {
  const { name, from, to, fid, owner, timestamp, signature } = request;
  if (typeof name !== 'string' || !NAME.test(name)) return 'name: lower-case letters, digits and hyphens, at most 16';
  if (fidOf(from) === undefined || fidOf(to) === undefined || fidOf(fid) === undefined || from === to) return 'from, to, fid: whole numbers, from and to differ';
  if (typeof owner !== 'string' || !isAddress(owner) || typeof timestamp !== 'number' || typeof signature !== 'string' || !/^0x[0-9a-fA-F]{130}$/.test(signature)) return 'owner, timestamp, signature';
  const holder = [...transfers].reverse().find((transfer) => transfer.username === name)?.to ?? 0;
  if (holder !== from) return `${name} is not held by fid ${from}`;
  if (fid !== (from === 0 ? to : from)) return 'only the fid that gets (or gives up) the name may ask';
  if (typeof to === 'number' && to !== 0 && currentNameOf(transfers, to) !== undefined) return `fid ${to} has a name already`;
  const signed = await verifyTypedData({ address: owner, domain: NAME_PROOF_DOMAIN, types: NAME_PROOF_TYPES, primaryType: 'UserNameProof', message: { name, timestamp: BigInt(timestamp), owner }, signature });
  return signed ? undefined : "the signature is not the owner's";
}

/** The name an fid holds now: the name of the last transfer to it, if no later transfer took it away. */
function currentNameOf(transfers: NameTransfer[], fid: number): string | undefined {
  const last = [...transfers].reverse().find((transfer) => transfer.to === fid || transfer.from === fid);
  return last && last.to === fid ? last.username : undefined;
}

/** fnames' `/transfers/current` for a name or an fid: the latest transfer naming it, 404 when none. */
function currentTransfer(transfers: NameTransfer[], query: URLSearchParams): NameTransfer | undefined {
  const name = query.get('name');
  const fid = query.get('fid');
  const latest = (match: (transfer: NameTransfer) => boolean) => [...transfers].reverse().find(match);
  if (name !== null) return latest((transfer) => transfer.username === name);
  if (fid !== null && /^[0-9]{1,15}$/.test(fid)) return latest((transfer) => transfer.to === Number(fid) || transfer.from === Number(fid));
  return undefined;
}

/**
 * Starts the registry: GET /transfers (all, or `?name=` / `?fid=`), GET /transfers/current
 * (`?name=` or `?fid=`), POST /transfers (a custody key's signed request); each transfer kept in
 * memory, signed by `key`.
 */
export async function startLocalNameRegistry(options: { port?: number; key?: Hex } = {}): Promise<LocalNameRegistry> {
  const registry = privateKeyToAccount(options.key ?? DEVNET_NAME_REGISTRY_KEY);
  const transfers: NameTransfer[] = [];
  let paused = false;
  let delayMs = 0;
  const server = createServer((request, response) => {
    void (async () => {
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (paused) return send(response, 503, { error: 'the registry is down' });
      const url = new URL(request.url ?? '/', 'http://registry');
      if (request.method === 'GET' && url.pathname === '/transfers/current') {
        const transfer = currentTransfer(transfers, url.searchParams);
        return transfer ? send(response, 200, { transfer }) : send(response, 404, { error: 'no transfer' });
      }
      if (request.method === 'GET' && url.pathname === '/transfers') {
        const name = url.searchParams.get('name');
        const fid = url.searchParams.get('fid');
        return send(response, 200, { transfers: transfers.filter((t) => (name === null || t.username === name) && (fid === null || t.to === Number(fid) || t.from === Number(fid))) });
      }
      if (request.method === 'POST' && url.pathname === '/transfers') {
        const body = (await readJson(request).catch(() => undefined)) as Partial<TransferRequest> | undefined;
        const problem = body ? await transferProblem(body, transfers) : 'a JSON body';
        if (problem || !body) return send(response, 400, { error: problem });
        const proof = { name: body.name!, timestamp: body.timestamp!, owner: getAddress(body.owner!) };
        const transfer: NameTransfer = { id: transfers.length + 1, timestamp: proof.timestamp, username: proof.name, owner: proof.owner, from: body.from!, to: body.to!, user_signature: body.signature!, server_signature: await signNameProof(registry, proof) };
        transfers.push(transfer);
        return send(response, 200, { transfer });
      }
      send(response, 404, { error: 'not found' });
    })().catch(() => send(response, 500, { error: 'registry error' }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    signer: registry.address,
    pause: (value) => (paused = value),
    delay: (ms) => (delayMs = ms),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** What a Farcaster app does once for its user: registers `name` for `fid` with the fid's custody key. */
export async function registerFarcasterName(registryUrl: string, custodyKey: Hex, fid: number, name: string, timestamp = Math.floor(Date.now() / 1000)): Promise<NameTransfer> {
  const owner = privateKeyToAccount(custodyKey).address;
  const signature = await signNameProof(custodyKey, { name, timestamp, owner });
  const response = await fetch(`${registryUrl}/transfers`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name, from: 0, to: fid, fid, owner, timestamp, signature }) });
  const body = (await response.json()) as { transfer?: NameTransfer; error?: string };
  if (!response.ok || !body.transfer) throw new Error(`The name registry refused ${name} for fid ${fid}: ${body.error ?? response.status}`);
  return body.transfer;
}
