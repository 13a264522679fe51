/** A query that could name `auth`: the name itself, or a percent-escape that could spell it. */
const MAY_NAME_AUTH = /auth|%/i;

/**
 * A request URL as a log may show it: the value of any `auth` query parameter (a relay client's
 * JWT, which a misconfigured relayUrl sends to whatever path it names) replaced by `[redacted]`,
 * the rest unchanged. For the server's request serializer; /relay itself logs no query at all.
 */
export function logSafeUrl(url: string): string {
  const queryAt = url.indexOf('?');
  // Every logged request comes here: most queries could not name it, and are not parsed.
  if (queryAt === -1 || !MAY_NAME_AUTH.test(url.slice(queryAt))) return url;
  const query = new URLSearchParams(url.slice(queryAt + 1));
  const names = [...new Set(query.keys())].filter((name) => name.toLowerCase() === 'auth');
  if (names.length === 0) return url;
  for (const name of names) query.set(name, '[redacted]');
  return `${url.slice(0, queryAt)}?${query.toString()}`;
}
