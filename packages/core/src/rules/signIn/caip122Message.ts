import { isRfc3339DateTime, isSignInDomain, isSignInNonce, isSignInRequestId, isSignInStatement, isUri } from '../../siwx/signInGrammar.ts';

/**
 * CAIP-122 (Sign-In with X): a sign-in message for any chain namespace, in the layout of the
 * namespaces' profiles (Sign In With Solana, solana/caip122.md):
 *
 *   <domain> wants you to sign in with your <Label> account:
 *   <address>
 *
 *   <statement>
 *
 *   URI: ... / Version: ... / Chain ID: ... / Nonce: ... / Issued At: ... / Expiration Time: ...
 *   / Not Before: ... / Request ID: ... / Resources: (one "- <URI>" line each)
 *
 * Every part after the address is optional in the text (a wallet's own sign-in may leave fields
 * out); a sign-in this server accepts needs the ones `readCaip122SignIn` requires.
 */
export interface Caip122MessageFields {
  domain: string;
  address: string;
  statement?: string;
  uri?: string;
  version?: string;
  chainId?: string;
  nonce?: string;
  issuedAt?: string;
  expirationTime?: string;
  notBefore?: string;
  requestId?: string;
  resources?: string[];
}

/** The fields a sign-in needs: whom, where, which chain, which nonce and when. */
export interface Caip122SignIn extends Caip122MessageFields {
  uri: string;
  version: '1';
  chainId: string;
  nonce: string;
  issuedAt: string;
}

/** A message or field set that breaks the grammar; `field` names the part at fault. */
export class SignInMessageError extends Error {
  constructor(
    readonly field: string,
    reason: string,
  ) {
    super(`Invalid sign-in message: ${reason}`);
    this.name = 'SignInMessageError';
  }
}

/** A message larger than this is not a sign-in message; the cap also bounds the parsing work. */
export const MAX_SIGN_IN_MESSAGE_LENGTH = 32 * 1024;

const TAGS = [
  ['uri', 'URI: '],
  ['version', 'Version: '],
  ['chainId', 'Chain ID: '],
  ['nonce', 'Nonce: '],
  ['issuedAt', 'Issued At: '],
  ['expirationTime', 'Expiration Time: '],
  ['notBefore', 'Not Before: '],
  ['requestId', 'Request ID: '],
] as const;
type TaggedField = (typeof TAGS)[number][0];
const RESOURCES = 'Resources:';
const HEADER_RE = /^(.+) wants you to sign in with your ([A-Za-z0-9 -]{1,40}) account:$/;

const preamble = (accountLabel: string) => ` wants you to sign in with your ${accountLabel} account:`;
const isFieldLine = (line: string) => line === RESOURCES || TAGS.some(([, tag]) => line.startsWith(tag));

function fail(field: string, reason: string): never {
  throw new SignInMessageError(field, reason);
}

/** The account label the first line names ("Ethereum", "Solana", "Bitcoin"), or undefined. */
export function signInAccountLabel(message: string): string | undefined {
  if (typeof message !== 'string' || message.length > MAX_SIGN_IN_MESSAGE_LENGTH) return undefined;
  const end = message.indexOf('\n');
  return HEADER_RE.exec(end < 0 ? message : message.slice(0, end))?.[2];
}

/** The message text of `fields`, laid out as CAIP-122's namespace profiles write it. */
export function createCaip122MessageText(accountLabel: string, fields: Caip122MessageFields): string {
  let text = `${fields.domain}${preamble(accountLabel)}\n${fields.address}`;
  if (fields.statement !== undefined) text += `\n\n${fields.statement}`;
  const lines: string[] = [];
  for (const [field, tag] of TAGS) {
    const value = fields[field];
    if (value !== undefined) lines.push(`${tag}${value}`);
  }
  if (fields.resources) lines.push(RESOURCES, ...fields.resources.map((resource) => `- ${resource}`));
  if (lines.length > 0) text += `\n\n${lines.join('\n')}`;
  return text;
}

/**
 * Reads the text's fields as written, in the profile's order; Chain ID is also found where
 * CAIP-122's generic template puts it (after Request ID). Checks only the layout: what a sign-in
 * needs of the values is `readCaip122SignIn`'s. A statement may span lines, as the Wallet
 * Standard's parser allows; the statement ends at the last blank line before the fields.
 */
export function parseCaip122MessageText(accountLabel: string, message: string): Caip122MessageFields {
  if (typeof message !== 'string' || message === '') fail('message', 'message is empty');
  if (message.length > MAX_SIGN_IN_MESSAGE_LENGTH) fail('message', `message is longer than ${MAX_SIGN_IN_MESSAGE_LENGTH} characters`);
  if (message.endsWith('\n')) fail('message', 'message ends with a line break');
  const lines = message.split('\n');
  const header = lines[0]!;
  if (!header.endsWith(preamble(accountLabel))) fail('domain', `the first line must be "<domain>${preamble(accountLabel)}"`);
  const fields: Caip122MessageFields = { domain: header.slice(0, -preamble(accountLabel).length), address: lines[1] ?? '' };
  if (fields.address === '') fail('address', 'address is missing');
  if (lines.length === 2) return fields;
  if (lines[2] !== '' || lines.length === 3) fail('statement', 'a blank line and more must follow the address');

  // The fields start at the first line after a blank one from which every line is a field.
  const rest = lines.slice(3);
  let start = rest.length;
  for (let at = rest.length - 1; at >= 0; at--) {
    if (!isFieldLine(rest[at]!) && !rest[at]!.startsWith('- ')) break;
    if (isFieldLine(rest[at]!) && (at === 0 || rest[at - 1] === '')) start = at;
  }
  if (start > 0) {
    const statementLines = rest.slice(0, start === rest.length ? start : start - 1);
    fields.statement = statementLines.join('\n');
  }
  readFields(rest.slice(start), start + 4, fields);
  return fields;
}

function readFields(lines: string[], firstLineNumber: number, fields: Caip122MessageFields): void {
  let at = 0;
  const take = (field: TaggedField, tag: string) => {
    const line = lines[at];
    if (line === undefined || !line.startsWith(tag)) return;
    fields[field] = line.slice(tag.length);
    at++;
  };
  for (const [field, tag] of TAGS) take(field, tag);
  if (fields.chainId === undefined) take('chainId', 'Chain ID: ');
  if (lines[at] === RESOURCES) {
    at++;
    fields.resources = [];
    while (lines[at]?.startsWith('- ')) fields.resources.push(lines[at++]!.slice(2));
  }
  if (at < lines.length) {
    const line = lines[at]!;
    const field = TAGS.find(([, tag]) => line.startsWith(tag))?.[0] ?? (line === RESOURCES ? 'resources' : 'message');
    fail(field, `unexpected line ${firstLineNumber + at}: "${line.slice(0, 40)}" (fields out of order, repeated, or a trailing line)`);
  }
}

export interface Caip122Grammar {
  /** The label the first line names: "Solana" in "... sign in with your Solana account:". */
  accountLabel: string;
  /** The namespace's address text (its profile's rule). */
  isAddress(address: string): boolean;
  /** The namespace's Chain ID text (its profile's rule). */
  isChainId(chainId: string): boolean;
}

function checkSignIn(grammar: Caip122Grammar, fields: Caip122MessageFields): asserts fields is Caip122SignIn {
  if (!isSignInDomain(fields.domain)) fail('domain', 'domain is not an RFC 3986 authority');
  if (!grammar.isAddress(fields.address)) fail('address', `address is not a ${grammar.accountLabel} address`);
  if (fields.statement !== undefined && (fields.statement === '' || !isSignInStatement(fields.statement))) {
    fail('statement', 'statement must be one line of RFC 3986 reserved and unreserved characters');
  }
  if (fields.uri === undefined || !isUri(fields.uri)) fail('uri', 'URI is missing or not an RFC 3986 URI');
  if (fields.version !== '1') fail('version', 'version must be 1');
  if (fields.chainId === undefined || !grammar.isChainId(fields.chainId)) fail('chainId', `chain ID is missing or not a ${grammar.accountLabel} chain ID`);
  if (fields.nonce === undefined || !isSignInNonce(fields.nonce)) fail('nonce', 'nonce must be at least 8 letters or digits');
  for (const field of ['issuedAt', 'expirationTime', 'notBefore'] as const) {
    const value = fields[field];
    if (value === undefined ? field === 'issuedAt' : !isRfc3339DateTime(value)) fail(field, `${field} is missing or not an RFC 3339 date-time that exists`);
  }
  if (fields.requestId !== undefined && !isSignInRequestId(fields.requestId)) fail('requestId', 'request ID contains characters outside RFC 3986 pchar');
  fields.resources?.forEach((resource, index) => {
    if (!isUri(resource)) fail('resources', `resource ${index + 1} is not an RFC 3986 URI`);
  });
}

/**
 * A sign-in message, strictly: the layout, and every value a sign-in needs (URI, Version 1, Chain
 * ID, Nonce, Issued At) valid; a statement on one line (the profiles' ABNF), so the text has one
 * reading. Throws SignInMessageError naming the field.
 */
export function readCaip122SignIn(grammar: Caip122Grammar, message: string): Caip122SignIn {
  const fields = parseCaip122MessageText(grammar.accountLabel, message);
  checkSignIn(grammar, fields);
  return fields;
}

/** The text of a sign-in; throws SignInMessageError naming the first invalid field. */
export function buildCaip122SignIn(grammar: Caip122Grammar, fields: Caip122SignIn): string {
  const copy = { ...fields };
  checkSignIn(grammar, copy);
  return createCaip122MessageText(grammar.accountLabel, copy);
}
