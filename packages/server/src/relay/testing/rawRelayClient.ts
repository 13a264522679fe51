import { createPrivateKey, randomBytes, sign } from 'node:crypto';
import { encodeIss, generateKeyPair, signJWT, type Keypair } from '@walletconnect/relay-auth';
import WebSocket from 'ws';
import { waitFor } from '../../testing/waitFor.ts';

export type RpcAnswer = { id: unknown; result?: unknown; error?: { code: number; message: string } };
export type Delivery = { id: string; data: { topic: string; message: string; publishedAt: number; tag?: number; attestation?: string } };

/** A relay JWT as @walletconnect/core makes one (crypto.signJWT): random sub, the relay URL as aud. */
export async function relayToken(keyPair: Keypair, aud: string, options: { ttlSeconds?: number; issuedAt?: number } = {}): Promise<string> {
  return signJWT(randomBytes(32).toString('hex'), aud, options.ttlSeconds ?? 86_400, keyPair, options.issuedAt);
}

/**
 * A relay JWT signed with the client key over a payload written by hand, so a claim can be a
 * JSON literal the SDK would never write (`"exp":1e20`): EdDSA over `header.payload`, as
 * @walletconnect/relay-auth's signJWT signs.
 */
export function relayTokenWithPayload(keyPair: Keypair, payloadJson: string): string {
  const encode = (text: string) => Buffer.from(text, 'utf8').toString('base64url');
  const signingInput = `${encode('{"alg":"EdDSA","typ":"JWT"}')}.${encode(payloadJson)}`;
  // PKCS#8 for an Ed25519 seed (RFC 8410): a fixed prefix, then the 32 bytes.
  const pkcs8 = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.from(keyPair.secretKey.slice(0, 32))]);
  const signature = sign(null, Buffer.from(signingInput, 'utf8'), createPrivateKey({ key: pkcs8, format: 'der', type: 'pkcs8' }));
  return `${signingInput}.${signature.toString('base64url')}`;
}

/** What the server answered to a refused upgrade. `localAddress` picks the client's address (any 127.x.y.z on Linux). */
export async function refusedUpgrade(url: string, options: { localAddress?: string } = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: { message?: string } }> {
  const socket = new WebSocket(url, options);
  return new Promise((resolve, reject) => {
    socket.on('open', () => {
      socket.terminate();
      reject(new Error('the relay accepted the connection'));
    });
    socket.on('unexpected-response', (_request, response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: JSON.parse(text || '{}') }));
    });
    socket.on('error', () => {});
  });
}

/**
 * A bare websocket client of the relay speaking its JSON-RPC by hand (no WalletConnect SDK): it
 * collects irn_subscription pushes in arrival order and acknowledges them like the SDK does
 * (result true), unless told not to.
 */
export class RawRelayClient {
  readonly deliveries: Delivery[] = [];
  readonly rawFrames: string[] = [];
  /** Ids of pushes not acknowledged yet (when `acknowledge` is off). */
  readonly unacknowledged: unknown[] = [];
  acknowledge = true;
  private nextId = 1;
  private readonly answers = new Map<string, (answer: RpcAnswer) => void>();

  private constructor(
    readonly socket: WebSocket,
    readonly keyPair: Keypair,
    /** The relay JWT it connected with (its `auth` query parameter). */
    readonly token: string,
  ) {
    socket.on('message', (data) => {
      const text = String(data);
      this.rawFrames.push(text);
      const frame = JSON.parse(text) as RpcAnswer & { method?: string; params?: unknown };
      if (frame.method === 'irn_subscription') {
        this.deliveries.push(frame.params as Delivery);
        if (this.acknowledge) socket.send(JSON.stringify({ id: frame.id, jsonrpc: '2.0', result: true }));
        else this.unacknowledged.push(frame.id);
        return;
      }
      this.answers.get(JSON.stringify(frame.id))?.(frame);
    });
  }

  /** The client's did:key, as the relay knows it (the JWT iss). */
  get clientId(): string {
    return encodeIss(this.keyPair.publicKey);
  }

  /** `localAddress` picks the client's address (any 127.x.y.z on Linux), as clients behind different IPs. */
  static async connect(url: string, options: { keyPair?: Keypair; autoPong?: boolean; issuedAt?: number; localAddress?: string } = {}): Promise<RawRelayClient> {
    const keyPair = options.keyPair ?? generateKeyPair();
    const token = await relayToken(keyPair, url, options.issuedAt === undefined ? {} : { issuedAt: options.issuedAt });
    const socket = new WebSocket(`${url}?auth=${token}&projectId=cairn-test&ua=raw-test`, { autoPong: options.autoPong ?? true, localAddress: options.localAddress });
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve());
      socket.once('error', reject);
    });
    return new RawRelayClient(socket, keyPair, token);
  }

  /**
   * Stops reading the socket (TCP level): what the relay sends piles up in the kernel's buffers,
   * then in the relay's send buffer. Frames can still be sent (`send`); answers wait.
   */
  stopReading(): void {
    this.socket.pause();
  }

  resumeReading(): void {
    this.socket.resume();
  }

  /** Sends a JSON-RPC request without waiting for its answer (for a client that does not read). */
  send(method: string, params: unknown, id: number | string = this.nextId++): void {
    this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
  }

  /** Acknowledges every push received so far, as the SDK does. */
  acknowledgeReceived(): void {
    for (const id of this.unacknowledged.splice(0)) this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', result: true }));
  }

  /** Sends a JSON-RPC request and resolves with the relay's answer (result or error). */
  async call(method: string, params: unknown, id: number | string = this.nextId++): Promise<RpcAnswer> {
    const answer = new Promise<RpcAnswer>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no answer to ${method} within 5 s`)), 5000);
      this.answers.set(JSON.stringify(id), (frame) => {
        clearTimeout(timer);
        resolve(frame);
      });
    });
    this.socket.send(JSON.stringify({ id, jsonrpc: '2.0', method, params }));
    return answer;
  }

  /** Sends a frame as is and resolves with the next frame that is not a push. */
  async sendRaw(frame: string | Buffer): Promise<RpcAnswer> {
    const before = this.rawFrames.length;
    this.socket.send(frame);
    let answer: RpcAnswer | undefined;
    await waitFor(() => {
      answer = this.rawFrames.slice(before).map((text) => JSON.parse(text) as RpcAnswer & { method?: string }).find((parsed) => parsed.method === undefined);
      return answer !== undefined;
    }, 'an answer to a raw frame', 5000);
    return answer!;
  }

  async waitForDeliveries(count: number, what = `${count} deliveries`): Promise<Delivery[]> {
    await waitFor(() => this.deliveries.length >= count, what, 10_000);
    return this.deliveries;
  }

  async close(): Promise<void> {
    if (this.socket.readyState === WebSocket.CLOSED) return;
    await new Promise<void>((resolve) => {
      this.socket.once('close', () => resolve());
      this.socket.close();
    });
  }
}
