/**
 * The grammar a sign-in message's fields share (EIP-4361 and CAIP-122 alike): RFC 3986 (authority,
 * URI, pchar) and RFC 3339 (date-time) spelled out as regular expressions, and the field checks
 * built on them. A module of its own, apart from eip4361.ts (which builds and parses the whole
 * message, with keccak for EIP-55): the CAIP-122 rule imports only these checks, so a site's bundle
 * does not share eip4361.ts between the sign-in flow and the Solana and Bitcoin adapters' bodies
 * (issue 29: that sharing kept Rolldown's runtime a chunk of its own before the everything-on
 * page's entry).
 */
// --- RFC 3986 pieces, as regular-expression sources --------------------------------------------
const PCT = '%[0-9A-Fa-f]{2}';
const UNRESERVED = "A-Za-z0-9\\-._~";
const SUB_DELIMS = "!$&'()*+,;=";
const PCHAR = `(?:[${UNRESERVED}${SUB_DELIMS}:@]|${PCT})`;
const SEGMENT = `${PCHAR}*`;
const SEGMENT_NZ = `${PCHAR}+`;
// dec-octet: 0-255, written with up to three digits. RFC 3986 forbids leading zeros; the
// signinwithethereum URI vectors (from uri-js) accept them ("[::000.000.010.001]"), and so do we.
const DEC_OCTET = '(?:25[0-5]|2[0-4][0-9]|[01]?[0-9]?[0-9])';
const IPV4 = `${DEC_OCTET}(?:\\.${DEC_OCTET}){3}`;
const H16 = '[0-9A-Fa-f]{1,4}';
const LS32 = `(?:${H16}:${H16}|${IPV4})`;
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join('|');
const IPVFUTURE = `v[0-9A-Fa-f]+\\.[${UNRESERVED}${SUB_DELIMS}:]+`;
const IP_LITERAL = `\\[(?:${IPV6}|${IPVFUTURE})\\]`;
const REG_NAME = `(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})*`;
const USERINFO = `(?:[${UNRESERVED}${SUB_DELIMS}:]|${PCT})*`;
const HOST = `(?:${IP_LITERAL}|${REG_NAME})`; // reg-name covers IPv4address
const AUTHORITY = `(?:${USERINFO}@)?${HOST}(?::[0-9]*)?`;
const SCHEME = '[A-Za-z][A-Za-z0-9+\\-.]*';
const QUERY_OR_FRAGMENT = `(?:${PCHAR}|[/?])*`;
const HIER_PART = `(?://${AUTHORITY}(?:/${SEGMENT})*|/(?:${SEGMENT_NZ}(?:/${SEGMENT})*)?|${SEGMENT_NZ}(?:/${SEGMENT})*|)`;

const URI_RE = new RegExp(`^${SCHEME}:${HIER_PART}(?:\\?${QUERY_OR_FRAGMENT})?(?:#${QUERY_OR_FRAGMENT})?$`);
// A SIWE domain is an authority that names a host: RFC 3986 allows an empty host, a sign-in does not.
export const DOMAIN_RE = new RegExp(`^(?:${USERINFO}@)?(?:${IP_LITERAL}|(?:[${UNRESERVED}${SUB_DELIMS}]|${PCT})+)(?::[0-9]*)?$`);
export const SCHEME_RE = new RegExp(`^${SCHEME}$`);
export const REQUEST_ID_RE = new RegExp(`^${PCHAR}*$`);
// statement = *( reserved / unreserved / " " ): no line break, nothing outside RFC 3986's sets.
export const STATEMENT_RE = new RegExp(`^[${UNRESERVED}${SUB_DELIMS}:/?#\\[\\]@ ]*$`);
export const NONCE_RE = /^[A-Za-z0-9]{8,}$/;
export const ADDRESS_RE = /^0x[0-9a-fA-F]{40}$/;
export const CHAIN_ID_RE = /^(?:0|[1-9][0-9]*)$/;
// RFC 3339 date-time; 'T' and 'Z' are case-insensitive in its ABNF.
const DATE_TIME_RE = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|[+-](\d{2}):(\d{2}))$/;

/** A message larger than this is not a sign-in message; the cap also bounds the regex work. */
export const MAX_MESSAGE_LENGTH = 32 * 1024;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** RFC 3339 date-time whose date and time exist (no Feb 31, no 25:00). */
export function isRfc3339DateTime(value: string): boolean {
  const match = DATE_TIME_RE.exec(value);
  if (!match) return false;
  const [year, month, day, hour, minute, second, offsetHour, offsetMinute] = match.slice(1).map((part) => (part === undefined ? 0 : Number(part))) as number[];
  return (
    month! >= 1 && month! <= 12 && day! >= 1 && day! <= daysInMonth(year!, month!) &&
    hour! <= 23 && minute! <= 59 && second! <= 60 && offsetHour! <= 23 && offsetMinute! <= 59
  );
}

export function isUri(value: string): boolean {
  return value.length <= MAX_MESSAGE_LENGTH && URI_RE.test(value);
}

/** RFC 3986 authority naming a host: a sign-in message's domain (EIP-4361 and CAIP-122 alike). */
export function isSignInDomain(value: string): boolean {
  return value !== '' && value.length <= MAX_MESSAGE_LENGTH && DOMAIN_RE.test(value);
}

/** A statement: RFC 3986 reserved and unreserved characters and spaces, no line break. */
export function isSignInStatement(value: string): boolean {
  return value.length <= MAX_MESSAGE_LENGTH && STATEMENT_RE.test(value);
}

/** A nonce: at least 8 letters or digits. */
export function isSignInNonce(value: string): boolean {
  return value.length <= 512 && NONCE_RE.test(value);
}

/** A request id: RFC 3986 pchar. */
export function isSignInRequestId(value: string): boolean {
  return value.length <= MAX_MESSAGE_LENGTH && REQUEST_ID_RE.test(value);
}
