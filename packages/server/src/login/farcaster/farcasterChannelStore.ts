import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import type { FarcasterName } from './farcasterName.ts';

/** A channel lives this long: the visitor opens the link, the wallet app signs, the frame finishes. */
export const FARCASTER_CHANNEL_TTL_MS = 5 * 60_000;

/** What the app asked for (FIP-11's channel parameters). */
export interface ChannelRequest {
  siweUri: string;
  domain: string;
  notBefore?: string;
  expirationTime?: string;
  requestId?: string;
  redirectUrl?: string;
}

/** What the wallet app sent back: the Sign In With Farcaster message, its custody signature, and the profile it names. */
export interface ChannelAnswer {
  message: string;
  signature: string;
  fid: number;
  username?: string;
  bio?: string;
  displayName?: string;
  pfpUrl?: string;
}

/** What the server checked of an answer before the visitor confirms it (session 22): the fid, and its name if the registry proved one. */
export interface CheckedAnswer {
  fid: number;
  name: FarcasterName;
}

export interface Channel {
  nonce: string;
  request: ChannelRequest;
  answer?: ChannelAnswer;
  /** SHA-256 (base64url) of the secret of the frame that opened it; absent for a channel an ordinary FIP-11 app opened, which gives no login. */
  completionHash?: string;
  /** Set once the frame asked for the check: the login then waits for the visitor's yes. */
  checked?: CheckedAnswer;
}

/** A completion secret's hash as the frame sends it: SHA-256, base64url (43 characters). */
export const completionHashOf = (secret: string): string => createHash('sha256').update(secret).digest('base64url');

/** Whether `secret` is the one whose hash the channel keeps; constant time in the secret. */
export function completesChannel(channel: Channel, secret: string): boolean {
  if (!channel.completionHash) return false;
  const expected = Buffer.from(channel.completionHash);
  const presented = Buffer.from(completionHashOf(secret));
  return expected.length === presented.length && timingSafeEqual(expected, presented);
}

// SIWE's nonce is at least 8 alphanumerics; 16 of 62 give 95 bits.
const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newNonce = () => Array.from(randomBytes(16), (byte) => NONCE_ALPHABET[byte % NONCE_ALPHABET.length]).join('');

/** The relay's channels, in the database every replica shares; a channel token is kept only as a keyed hash. */
export class FarcasterChannelStore {
  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  private hash(token: string): string {
    return createHmac('sha256', this.secret).update(`farcaster-channel\n${token}`).digest('hex');
  }

  /** A new channel; `nonce`: the app's own (FIP-11 lets it choose), else a fresh one; `completionHash`: the opening frame's. */
  async open(request: ChannelRequest, now: number, nonce = newNonce(), completionHash?: string): Promise<{ channelToken: string; nonce: string }> {
    await this.db.deleteFrom('farcaster_channels').where('expires_at', '<', now).execute();
    const channelToken = randomBytes(32).toString('base64url');
    await this.db.insertInto('farcaster_channels').values({ token_hash: this.hash(channelToken), nonce, request: JSON.stringify(request), answer: null, expires_at: now + FARCASTER_CHANNEL_TTL_MS, completion_hash: completionHash ?? null, checked: null }).execute();
    return { channelToken, nonce };
  }

  async find(channelToken: string, now: number): Promise<Channel | undefined> {
    const row = await this.db.selectFrom('farcaster_channels').selectAll().where('token_hash', '=', this.hash(channelToken)).where('expires_at', '>', now).executeTakeFirst();
    if (!row) return undefined;
    return {
      nonce: row.nonce,
      request: JSON.parse(row.request) as ChannelRequest,
      ...(row.answer ? { answer: JSON.parse(row.answer) as ChannelAnswer } : {}),
      ...(row.completion_hash ? { completionHash: row.completion_hash } : {}),
      ...(row.checked ? { checked: JSON.parse(row.checked) as CheckedAnswer } : {}),
    };
  }

  /** The wallet app's answer, once per channel: 'answered' already when another came first; when saved, the channel it answered. */
  async answer(channelToken: string, answer: ChannelAnswer, now: number): Promise<{ channel: Channel } | 'answered' | 'unknown'> {
    const saved = await this.db
      .updateTable('farcaster_channels')
      .set({ answer: JSON.stringify(answer) })
      .where('token_hash', '=', this.hash(channelToken))
      .where('expires_at', '>', now)
      .where('answer', 'is', null)
      .returning(['nonce', 'request'])
      .executeTakeFirst();
    if (saved) return { channel: { nonce: saved.nonce, request: JSON.parse(saved.request) as ChannelRequest, answer } };
    return (await this.find(channelToken, now)) ? 'answered' : 'unknown';
  }

  /** Keeps what the server checked of the channel's answer, for the visitor's confirmation. */
  async check(channelToken: string, checked: CheckedAnswer): Promise<void> {
    await this.db.updateTable('farcaster_channels').set({ checked: JSON.stringify(checked) }).where('token_hash', '=', this.hash(channelToken)).execute();
  }

  /** Ends the channel: a login used its answer (or refused it); it cannot be used again. True if this call ended it. */
  async close(channelToken: string): Promise<boolean> {
    const deleted = await this.db.deleteFrom('farcaster_channels').where('token_hash', '=', this.hash(channelToken)).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }
}
