import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { Db } from '../db/database.ts';
import type { SocialFlowsTable } from '../db/schema.ts';
import { sameHash } from './oneTimeCode.ts';
import type { FlowSecrets } from './socialClient.ts';

/** A social login must come back within this long. */
export const SOCIAL_FLOW_TTL_MS = 10 * 60_000;

/** What a frame presents to finish its flow: the flow's secret, the provider's state, and the browser key cookie if any. */
export interface FlowPresentation {
  flowSecret: string;
  state: string;
  browserKey: string | undefined;
}

export type FlowClaim =
  | { kind: 'claimed'; provider: string; secrets: FlowSecrets }
  /** No live flow by that id and secret, or it was presented already. */
  | { kind: 'unknown' }
  /** The flow is bound to a browser that this request is not from. */
  | { kind: 'otherBrowser' }
  /** The provider's answer belongs to another flow. */
  | { kind: 'otherState' };

type Hashed = { secretHash: string; browserKeyHash: string | undefined; state: string };

/**
 * Why a presentation may not finish this flow, or undefined when it may. The order matters: a
 * caller without the flow's secret, or without its browser, learns nothing and spends nothing.
 */
export function flowRefusal(row: Pick<SocialFlowsTable, 'secret_hash' | 'status' | 'state' | 'browser_key_hash' | 'browser_bound_at'> | undefined, presented: Hashed): Exclude<FlowClaim, { kind: 'claimed' }> | undefined {
  if (!row || row.status !== 'pending' || !sameHash(row.secret_hash, presented.secretHash)) return { kind: 'unknown' };
  if (row.browser_bound_at !== null && (!row.browser_key_hash || !presented.browserKeyHash || !sameHash(row.browser_key_hash, presented.browserKeyHash))) return { kind: 'otherBrowser' };
  if (row.state !== presented.state) return { kind: 'otherState' };
  return undefined;
}

/**
 * Social logins in progress, in the database so any server copy may take the frame's answer. A
 * flow is finished once, by the frame that holds its secret (and, once bound, from its browser).
 */
export class SocialFlowStore {
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly db: Db,
    private readonly secret: Uint8Array,
  ) {}

  private hash(purpose: string, value: string): string {
    return createHmac('sha256', this.secret).update(`${purpose}\n${value}`).digest('hex');
  }

  async start(flow: { provider: string; frameOrigin: string; browserKey: string | undefined }, now: number): Promise<{ id: string; flowSecret: string; secrets: FlowSecrets }> {
    if (now - this.lastSweep > 60_000) {
      this.lastSweep = now;
      await this.db.deleteFrom('social_flows').where('expires_at', '<', now).execute();
    }
    const id = randomUUID();
    const flowSecret = randomBytes(32).toString('base64url');
    const secrets = { state: oauth.generateRandomState(), nonce: oauth.generateRandomNonce(), codeVerifier: oauth.generateRandomCodeVerifier() };
    await this.db
      .insertInto('social_flows')
      .values({
        id,
        provider: flow.provider,
        state: secrets.state,
        nonce: secrets.nonce,
        code_verifier: secrets.codeVerifier,
        secret_hash: this.hash('social-flow', flowSecret),
        status: 'pending',
        frame_origin: flow.frameOrigin,
        browser_key_hash: flow.browserKey === undefined ? null : this.hash('social-browser', flow.browserKey),
        browser_bound_at: null,
        expires_at: now + SOCIAL_FLOW_TTL_MS,
      })
      .execute();
    return { id, flowSecret, secrets };
  }

  /** The frame origin of the pending flow a provider's redirect names by its state. */
  async frameOriginOf(state: string, now: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('social_flows').select('frame_origin').where('state', '=', state).where('status', '=', 'pending').where('expires_at', '>', now).executeTakeFirst();
    return row?.frame_origin || undefined;
  }

  /**
   * The frame asks right after start: if its browser sent back the key cookie offered at start, the
   * flow is bound to it from now on. A browser that keeps no such cookie (a cross-site embedding)
   * leaves the flow unbound; the frame's secret and the targeted callback still hold it.
   */
  async bindBrowser(id: string, flowSecret: string, browserKey: string | undefined, now: number): Promise<'bound' | 'unbound' | 'unknown'> {
    const row = await this.live(id, now);
    if (!row || row.status !== 'pending' || !sameHash(row.secret_hash, this.hash('social-flow', flowSecret))) return 'unknown';
    if (!row.browser_key_hash || browserKey === undefined || !sameHash(row.browser_key_hash, this.hash('social-browser', browserKey))) return row.browser_bound_at === null ? 'unbound' : 'bound';
    await this.db.updateTable('social_flows').set({ browser_bound_at: now }).where('id', '=', id).where('status', '=', 'pending').execute();
    return 'bound';
  }

  /** Takes the flow for the code's exchange, once: a second presentation, even racing, gets 'unknown'. */
  async claim(id: string, presented: FlowPresentation, now: number): Promise<FlowClaim> {
    const row = await this.live(id, now);
    const refusal = flowRefusal(row, {
      secretHash: this.hash('social-flow', presented.flowSecret),
      browserKeyHash: presented.browserKey === undefined ? undefined : this.hash('social-browser', presented.browserKey),
      state: presented.state,
    });
    if (refusal || !row) return refusal ?? { kind: 'unknown' };
    const taken = await this.db.updateTable('social_flows').set({ status: 'used' }).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) return { kind: 'unknown' };
    return { kind: 'claimed', provider: row.provider, secrets: { state: row.state, nonce: row.nonce, codeVerifier: row.code_verifier } };
  }

  private live(id: string, now: number) {
    return this.db.selectFrom('social_flows').selectAll().where('id', '=', id).where('expires_at', '>', now).executeTakeFirst();
  }
}
