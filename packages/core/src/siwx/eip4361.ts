import { keccak_256 } from '@noble/hashes/sha3';
import { DOMAIN_RE, SCHEME_RE, REQUEST_ID_RE, STATEMENT_RE, NONCE_RE, ADDRESS_RE, CHAIN_ID_RE, MAX_MESSAGE_LENGTH, isRfc3339DateTime, isUri } from './signInGrammar.ts';

export { isRfc3339DateTime, isSignInDomain, isSignInNonce, isSignInRequestId, isSignInStatement, isUri } from './signInGrammar.ts';

/**
 * Sign-In with Ethereum messages (EIP-4361): build, parse strictly, and make nonces. Framework
 * free and without viem, so the widget and the server share one grammar. The grammar is the ABNF
 * of EIP-4361 with RFC 3986 (authority, URI, pchar) and RFC 3339 (date-time), spelled out in signInGrammar.ts.
 */
export interface SiweFields {
  scheme?: string;
  domain: string;
  address: string;
  statement?: string;
  uri: string;
  version: '1';
  chainId: number;
  nonce: string;
  issuedAt: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

/** A message or field set that breaks the grammar; `field` names the part at fault. */
export class SiweError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`Invalid SIWE message: ${reason}`);
    this.name = 'SiweError';
  }
}

const PREAMBLE = ' wants you to sign in with your Ethereum account:';

function fail(field: string, reason: string): never {
  throw new SiweError(field, reason);
}

/** EIP-55: the mixed-case checksum form of a 0x-prefixed 20-byte hex address. */
export function toChecksumAddress(address: string): string {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? hex[i]!.toUpperCase() : hex[i]!;
  }
  return out;
}

function checkString(field: string, value: unknown): asserts value is string {
  if (typeof value !== 'string') fail(field, `${field} is missing`);
}

function checkScheme(scheme: unknown): void {
  checkString('scheme', scheme);
  if (!SCHEME_RE.test(scheme)) fail('scheme', `scheme "${scheme}" is not an RFC 3986 scheme`);
}

function checkDomain(domain: unknown): void {
  checkString('domain', domain);
  if (domain === '') fail('domain', 'domain is missing');
  if (!DOMAIN_RE.test(domain)) fail('domain', `domain "${domain}" is not an RFC 3986 authority`);
}

function checkAddress(address: unknown): void {
  checkString('address', address);
  if (!ADDRESS_RE.test(address)) fail('address', 'address is not a 0x-prefixed 20-byte hex address');
  if (toChecksumAddress(address) !== address) fail('address', 'address is not EIP-55 checksummed');
}

function checkStatement(statement: unknown): void {
  checkString('statement', statement);
  if (/[\r\n]/.test(statement)) fail('statement', 'statement contains a line break');
  if (!STATEMENT_RE.test(statement)) fail('statement', 'statement contains characters outside RFC 3986 reserved and unreserved characters');
}

function checkUri(field: string, uri: unknown, label = field): void {
  checkString(field, uri);
  if (!isUri(uri)) fail(field, `${label} is not an RFC 3986 URI`);
}

function checkChainId(chainId: unknown): void {
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId < 0) fail('chainId', 'chain ID is not a non-negative integer');
}

function checkNonce(nonce: unknown): void {
  checkString('nonce', nonce);
  if (!NONCE_RE.test(nonce)) fail('nonce', 'nonce must be at least 8 letters or digits');
}

function checkDateTime(field: string, value: unknown): void {
  checkString(field, value);
  if (!isRfc3339DateTime(value)) fail(field, `${field} is not an RFC 3339 date-time that exists`);
}

function checkRequestId(requestId: unknown): void {
  checkString('requestId', requestId);
  if (!REQUEST_ID_RE.test(requestId)) fail('requestId', 'request ID contains characters outside RFC 3986 pchar');
}

function checkResources(resources: unknown): void {
  if (!Array.isArray(resources)) fail('resources', 'resources is not a list');
  resources.forEach((resource, index) => checkUri('resources', resource, `resource ${index + 1}`));
}

function present<T>(value: T | null | undefined): value is T {
  return value !== undefined && value !== null;
}

function checkFields(fields: SiweFields): void {
  if (typeof fields !== 'object' || fields === null) fail('message', 'fields are missing');
  if (present(fields.scheme)) checkScheme(fields.scheme);
  checkDomain(fields.domain);
  checkAddress(fields.address);
  if (present(fields.statement)) checkStatement(fields.statement);
  checkUri('uri', fields.uri, 'URI');
  if (fields.version !== '1') fail('version', 'version must be 1');
  checkChainId(fields.chainId);
  checkNonce(fields.nonce);
  checkDateTime('issuedAt', fields.issuedAt);
  if (present(fields.expirationTime)) checkDateTime('expirationTime', fields.expirationTime);
  if (present(fields.notBefore)) checkDateTime('notBefore', fields.notBefore);
  if (present(fields.requestId)) checkRequestId(fields.requestId);
  if (present(fields.resources)) checkResources(fields.resources);
}

/** The EIP-4361 message text for `fields`; throws SiweError naming the first invalid field. */
export function buildSiweMessage(fields: SiweFields): string {
  checkFields(fields);
  const origin = present(fields.scheme) ? `${fields.scheme}://${fields.domain}` : fields.domain;
  const lines = [`${origin}${PREAMBLE}`, fields.address, ''];
  if (present(fields.statement)) lines.push(fields.statement);
  lines.push(
    '',
    `URI: ${fields.uri}`,
    `Version: ${fields.version}`,
    `Chain ID: ${fields.chainId}`,
    `Nonce: ${fields.nonce}`,
    `Issued At: ${fields.issuedAt}`,
  );
  if (present(fields.expirationTime)) lines.push(`Expiration Time: ${fields.expirationTime}`);
  if (present(fields.notBefore)) lines.push(`Not Before: ${fields.notBefore}`);
  if (present(fields.requestId)) lines.push(`Request ID: ${fields.requestId}`);
  if (present(fields.resources)) lines.push('Resources:', ...fields.resources.map((resource) => `- ${resource}`));
  return lines.join('\n');
}

/**
 * Parses an EIP-4361 message strictly: every field of the grammar in its order, no extra lines,
 * no trailing line break. Throws SiweError naming the field that breaks it.
 */
export function parseSiweMessage(message: string): SiweFields {
  if (typeof message !== 'string' || message === '') fail('message', 'message is empty');
  if (message.length > MAX_MESSAGE_LENGTH) fail('message', `message is longer than ${MAX_MESSAGE_LENGTH} characters`);
  const lines = message.split('\n');
  let at = 0;
  const next = () => lines[at++];

  const header = next()!;
  if (!header.endsWith(PREAMBLE)) fail('domain', `the first line must be "<domain>${PREAMBLE}"`);
  const origin = header.slice(0, -PREAMBLE.length);
  const withScheme = /^([^:/?#@[\]]+):\/\/(.*)$/s.exec(origin);
  const fields: Partial<SiweFields> = {};
  if (withScheme) {
    checkScheme(withScheme[1]);
    fields.scheme = withScheme[1]!;
    fields.domain = withScheme[2]!;
  } else {
    fields.domain = origin;
  }
  checkDomain(fields.domain);

  const address = next();
  if (address === undefined || address === '') fail('address', 'address is missing');
  checkAddress(address);
  fields.address = address;

  if (next() !== '') fail('statement', 'a blank line must follow the address');
  // No statement: address, blank, blank, URI. A statement (possibly empty): address, blank,
  // statement, blank, URI.
  if (!(lines[at] === '' && lines[at + 1]?.startsWith('URI: '))) {
    const statement = next();
    if (statement === undefined) fail('statement', 'message ends after the address');
    if (statement.startsWith('URI: ')) fail('statement', 'a blank line must come before "URI: "');
    checkStatement(statement);
    fields.statement = statement;
  }
  if (next() !== '') fail('statement', 'statement contains a line break or is not followed by a blank line');

  const tagged = (tag: string, field: string, required: boolean): string | undefined => {
    const line = lines[at];
    if (line === undefined || !line.startsWith(tag)) {
      if (required) fail(field, `expected "${tag}" on line ${at + 1}`);
      return undefined;
    }
    at++;
    return line.slice(tag.length);
  };

  const uri = tagged('URI: ', 'uri', true)!;
  checkUri('uri', uri, 'URI');
  fields.uri = uri;
  if (tagged('Version: ', 'version', true) !== '1') fail('version', 'version must be 1');
  fields.version = '1';
  const chainId = tagged('Chain ID: ', 'chainId', true)!;
  if (!CHAIN_ID_RE.test(chainId) || !Number.isSafeInteger(Number(chainId))) fail('chainId', 'chain ID must be a decimal integer');
  fields.chainId = Number(chainId);
  const nonce = tagged('Nonce: ', 'nonce', true)!;
  checkNonce(nonce);
  fields.nonce = nonce;
  const issuedAt = tagged('Issued At: ', 'issuedAt', true)!;
  checkDateTime('issuedAt', issuedAt);
  fields.issuedAt = issuedAt;

  const expirationTime = tagged('Expiration Time: ', 'expirationTime', false);
  if (expirationTime !== undefined) {
    checkDateTime('expirationTime', expirationTime);
    fields.expirationTime = expirationTime;
  }
  const notBefore = tagged('Not Before: ', 'notBefore', false);
  if (notBefore !== undefined) {
    checkDateTime('notBefore', notBefore);
    fields.notBefore = notBefore;
  }
  const requestId = tagged('Request ID: ', 'requestId', false);
  if (requestId !== undefined) {
    checkRequestId(requestId);
    fields.requestId = requestId;
  }
  if (lines[at] === 'Resources:') {
    at++;
    const resources: string[] = [];
    while (at < lines.length) {
      const line = next()!;
      if (!line.startsWith('- ')) fail('resources', `expected "- <URI>" on line ${at}`);
      const resource = line.slice(2);
      checkUri('resources', resource, `resource ${resources.length + 1}`);
      resources.push(resource);
    }
    fields.resources = resources;
  }
  if (at < lines.length) fail(fieldAt(lines[at]!), `unexpected line ${at + 1}: "${lines[at]!.slice(0, 40)}" (fields out of order, or a trailing line)`);
  return fields as SiweFields;
}

/** Which field an out-of-place line is, so the error names it. */
function fieldAt(line: string): string {
  const tags: [string, string][] = [
    ['URI: ', 'uri'], ['Version: ', 'version'], ['Chain ID: ', 'chainId'], ['Nonce: ', 'nonce'], ['Issued At: ', 'issuedAt'],
    ['Expiration Time: ', 'expirationTime'], ['Not Before: ', 'notBefore'], ['Request ID: ', 'requestId'], ['Resources:', 'resources'],
  ];
  return tags.find(([tag]) => line.startsWith(tag))?.[1] ?? 'message';
}

const NONCE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random alphanumeric nonce (EIP-4361: at least 8 characters), from crypto.getRandomValues. */
export function generateNonce(length = 17): string {
  if (!Number.isInteger(length) || length < 8) throw new RangeError('A SIWE nonce needs at least 8 characters');
  let out = '';
  // Rejection sampling keeps every character equally likely (256 is not a multiple of 62).
  const limit = 256 - (256 % NONCE_ALPHABET.length);
  while (out.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && out.length < length) out += NONCE_ALPHABET[byte % NONCE_ALPHABET.length];
    }
  }
  return out;
}
