import * as v from 'valibot';
import type { FetchOptions } from '../http.ts';
import type { ApiConfig } from './apiConfig.ts';
import { getJson, parseResponse, postJson } from './getJson.ts';

/** SPEC §7 names (`/v1/profile/*`): the wire shapes the server answers in, checked on arrival. */
const nameText = v.pipe(v.string(), v.maxLength(120));
const address = v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/));
export const nameProfileSchema = v.object({
  name: nameText,
  addresses: v.record(v.pipe(v.string(), v.regex(/^\d{1,10}$/)), v.object({ address })),
});
export type NameProfile = v.InferOutput<typeof nameProfileSchema>;
export const nameSuggestionsSchema = v.object({ suggestions: v.pipe(v.array(v.object({ name: nameText })), v.maxLength(50)) });
const reverseSchema = v.pipe(v.array(nameProfileSchema), v.maxLength(50));
const registeredSchema = v.object({ name: nameText, address });
const registrationNonceSchema = v.object({ nonce: v.pipe(v.string(), v.regex(/^[A-Za-z0-9]{8,64}$/)), zone: v.pipe(v.string(), v.regex(/^(\.[a-z0-9-]{1,63}){2,4}$/)) });
export type RegistrationNonce = v.InferOutput<typeof registrationNonceSchema>;

/** SLIP-44 coin type of Ether: names are eip155 only (SPEC §5). */
export const ETH_COIN_TYPE = 60;

export interface ProfileApi {
  /** The profile a name resolves to; rejects (404) when nobody holds it. */
  resolve(name: string): Promise<NameProfile>;
  reverse(address: string): Promise<NameProfile[]>;
  /** Free names like `name`, in the server's zone (the first is `name` itself when it is free). */
  suggestions(name: string): Promise<string[]>;
  /** A single-use nonce for one registration, and the server's zone: both go into the signed text. */
  registrationNonce(): Promise<RegistrationNonce>;
  register(body: { address: string; message: string; signature: string }): Promise<{ name: string; address: string }>;
}

export function createProfileApi(config: ApiConfig, fetchOptions: FetchOptions = {}): ProfileApi {
  const get = <T>(path: string, schema: v.GenericSchema<unknown, T>) =>
    getJson(config, fetchOptions, path, { apiVersion: '2' }, (body) => parseResponse(schema, body, path));
  return {
    resolve: (name) => get(`/v1/profile/account/${encodeURIComponent(name)}`, nameProfileSchema),
    reverse: (owner) => get(`/v1/profile/reverse/${encodeURIComponent(owner)}`, reverseSchema),
    suggestions: async (name) => (await get(`/v1/profile/suggestions/${encodeURIComponent(name)}`, nameSuggestionsSchema)).suggestions.map((entry) => entry.name),
    registrationNonce: () => get('/v1/profile/nonce', registrationNonceSchema),
    register: ({ address: owner, message, signature }) =>
      postJson(config, fetchOptions, '/v1/profile/account', { coin_type: ETH_COIN_TYPE, address: owner, message, signature }, (body) =>
        parseResponse(registeredSchema, body, '/v1/profile/account'),
      ),
  };
}
