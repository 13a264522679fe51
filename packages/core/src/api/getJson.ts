import * as v from 'valibot';
import { dedupeInFlight, fetchWithRetry, type FetchOptions } from '../http.ts';
import { serverUrl, type ApiConfig, type ServerQuery } from './apiConfig.ts';

/**
 * A server's answer in the documented shape, or the error every server client throws for one
 * that is not: a response of another shape is never rendered.
 */
export function parseResponse<T>(schema: v.GenericSchema<unknown, T>, body: unknown, path: string): T {
  const result = v.safeParse(schema, body);
  if (!result.success) throw new Error(`Unexpected response from ${path}: ${result.issues[0]?.message ?? 'invalid'}`);
  return result.output;
}

/** A read made as the signed-in visitor: the cookie goes along, and the bearer token when the site keeps one. */
export type ReadSession = { bearer?: string };

/**
 * GET a JSON document from the site's server through the one HTTP client (retries,
 * 'HTTP status code: {status}'), read by `parse`, which throws for a body of the wrong shape
 * (and may read the answer's headers too).
 * `fresh`: the answer must come from the server, never from an HTTP cache on the way.
 * `session`: the read is made as the signed-in visitor (the server's session cookie, or the
 * cross-site client's bearer token), for an answer that shows more to the address's own visitor.
 */
export async function getJson<T>(
  config: ApiConfig,
  fetchOptions: FetchOptions,
  path: string,
  query: ServerQuery,
  parse: (body: unknown, response: Response) => T,
  { fresh = false, session }: { fresh?: boolean; session?: ReadSession } = {},
): Promise<T> {
  const init: RequestInit = {
    headers: { accept: 'application/json', ...(session?.bearer ? { authorization: `Bearer ${session.bearer}` } : {}) },
    ...(fresh ? { cache: 'no-store' } : {}),
    ...(session ? { credentials: 'include' } : {}),
  };
  const url = serverUrl(config, path, query);
  const read = async () => {
    const response = await fetchWithRetry(url, init, fetchOptions);
    return parse(await response.json(), response);
  };
  // A fresh read follows something the visitor just saw happen (a transaction of theirs mined): one
  // begun before it may answer from before it, so a fresh read joins none. After an approval and a
  // swap mined one after the other, the swap's forced balance read took the approval's answer.
  if (fresh) return read();
  // Identical reads in flight share one answer (SPEC §9's request dedupe); each path has one reader.
  return dedupeInFlight(`GET ${url}${session ? ' session' : ''}`, read);
}

/** POST a JSON body to the site's server; the answer is read like getJson's. Not retried: it may build or change something. */
export async function postJson<T>(
  config: ApiConfig,
  fetchOptions: FetchOptions,
  path: string,
  body: unknown,
  parse: (body: unknown) => T,
): Promise<T> {
  const response = await fetchWithRetry(
    serverUrl(config, path),
    { method: 'POST', headers: { accept: 'application/json', 'content-type': 'application/json' }, body: JSON.stringify(body) },
    { ...fetchOptions, retries: 0 },
  );
  return parse(await response.json());
}
