import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { Db } from '../db/database.ts';
import { sameHash } from './oneTimeCode.ts';
import type { FlowSecrets } from './socialClient.ts';

/** A social login must come back within this long. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000;

export type FlowState =
  | { kind: 'pending' }
  | { kind: 'done'; userId: string; provider: string }
  | { kind: 'failed'; error: string }
  | { kind: 'unknown' };

/** Social logins in progress, in the database so any server copy may take the provider's redirect. */
export class SocialFlowStore {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  private secretHash(flowSecret: string): string {
    return createHmac('sha256', this.secret).update(`social-flow\n${flowSecret}`).digest('hex');
  }

  async start(provider: string, now: number): Promise<{ id: string; flowSecret: string; secrets: FlowSecrets }> {
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      await this.db.deleteFrom('social_flows').where('expires_at', '<', now).execute();
    }
    const id = randomUUID();
    const flowSecret = randomBytes(32).toString('base64url');
    const secrets = { state: oauth.generateRandomState(), nonce: oauth.generateRandomNonce(), codeVerifier: oauth.generateRandomCodeVerifier() };
    await this.db
      .insertInto('social_flows')
      .values({ id, provider, state: secrets.state, nonce: secrets.nonce, code_verifier: secrets.codeVerifier, secret_hash: this.secretHash(flowSecret), status: 'pending', user_id: null, error: null, expires_at: now + SOCIAL_FLOW_TTL_MS })
      .execute();
    return { id, flowSecret, secrets };
  }

  /** The pending flow a provider's redirect names by its state. */
  async byState(state: string, now: number) {
    return this.db.selectFrom('social_flows').selectAll().where('state', '=', state).where('status', '=', 'pending').where('expires_at', '>', now).executeTakeFirst();
  }

  async finish(id: string, result: { userId: string } | { error: string }): Promise<void> {
    await this.db
      .updateTable('social_flows')
      .set('userId' in result ? { status: 'done', user_id: result.userId } : { status: 'failed', error: result.error })
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .execute();
  }

  /** What the page that started the flow may learn; a finished login is handed out once. */
  async collect(id: string, flowSecret: string, now: number): Promise<FlowState> {
    const row = await this.db.selectFrom('social_flows').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
    if (!row || !sameHash(row.secret_hash, this.secretHash(flowSecret))) return { kind: 'unknown' };
    if (row.status === 'pending') return { kind: 'pending' };
    if (row.status === 'failed') return { kind: 'failed', error: row.error ?? 'The login failed' };
    if (row.status !== 'done' || !row.user_id) return { kind: 'unknown' };
    const taken = await this.db.updateTable('social_flows').set({ status: 'collected' }).where('id', '=', id).where('status', '=', 'done').executeTakeFirst();
    return Number(taken.numUpdatedRows) === 1 ? { kind: 'done', userId: row.user_id, provider: row.provider } : { kind: 'unknown' };
  }
}
