import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DeveloperErrorText, ErrorText } from './errors.ts';
import { CAIRN_EVENT_NAMES } from './events.ts';
import { nodeErrorText } from './rules/send/nodeErrorText.ts';

// SPEC §8, text by text, with the constant that names it. Each must say exactly SPEC's words and
// be used by shipped code (not only defined): the catalogue is complete when this list is.
const SPEC_TEXTS: readonly [text: string, constant: string][] = [
  ['Please try again after {n} seconds', 'ErrorText.emailLoginTooSoon'],
  ['Token Balance Unavailable', 'ErrorText.tokenBalanceUnavailable'],
  ['Network not supported for Gas Price', 'ErrorText.networkNotSupportedForGasPrice'],
  ['Network not supported for Swaps', 'ErrorText.networkNotSupportedForSwaps'],
  ['Failed to disconnect', 'ErrorText.failedToDisconnect'],
  ['A problem occurred while trying initialize authentication', 'ErrorText.siwxInitFailed'],
  ['This application might not support Smart Accounts', 'ErrorText.smartAccountsUnsupported'],
  ['Signature declined', 'ErrorText.signatureDeclined'],
  ['Authenticating...', 'ErrorText.authenticating'],
  ['Failed to fetch transactions', 'ErrorText.failedToFetchTransactions'],
  ['Requested RPC call is not allowed', 'ErrorText.rpcCallNotAllowed'],
  ['Action not allowed', 'ErrorText.actionNotAllowed'],
  ['An error occurred', 'ErrorText.frameErrorOccurred'],
  ['Request was aborted', 'ErrorText.requestAborted'],
  ['Something went wrong', 'ErrorText.somethingWentWrong'],
  ['Unable to load email login dependency', 'ErrorText.frameLoadFailed'],
  ['Transaction started', 'ErrorText.transactionStarted'],
  ['Failed to send transaction. Please try again.', 'ErrorText.failedToSendTransaction'],
  ['Please enter a valid amount and receiver address', 'ErrorText.invalidAmountOrReceiver'],
  ['Unsupported chain', 'ErrorText.unsupportedChain'],
  ['Network not found', 'ErrorText.networkNotFound'],
  ['Address or auth connector not found', 'ErrorText.addressOrAuthConnectorNotFound'],
  ['Error fetching name suggestions', 'ErrorText.errorFetchingNameSuggestions'],
  ['Error fetching names for address', 'ErrorText.errorFetchingNamesForAddress'],
  ['Error resolving name', 'ErrorText.errorResolvingName'],
  ['Chain adapter not found', 'ErrorText.chainAdapterNotFound'],
  ['NetworkController client not set', 'DeveloperErrorText.networkClientNotSet'],
  ['ConnectionController client not set', 'DeveloperErrorText.connectionClientNotSet'],
  ['Chain is required...', 'DeveloperErrorText.chainRequired'],
  ['Network Not Found', 'ErrorText.networkNotFoundAlert'],
  ['Invalid App Configuration', 'ErrorText.invalidAppConfiguration'],
  ['Session Expired', 'ErrorText.sessionExpired'],
  ['Project ID Not Configured', 'ErrorText.projectIdNotConfigured'],
  ['HTTP status code: {status}', 'ErrorText.httpStatus'],
];

// SPEC §8 "Node error texts": each phrase a node says is recognised and told to the visitor in words.
const NODE_PHRASES = [
  'execution reverted',
  'fee cap too high',
  'fee cap too low',
  'nonce too high',
  'nonce too low',
  'nonce has max value',
  'insufficient funds for gas * price + value',
  'gas too high',
  'intrinsic gas too low',
  'transaction type not supported',
  'tip higher than fee cap',
];

const SPEC_EVENTS = ['SEND_INITIATED', 'SEND_SUCCESS', 'SEND_ERROR', 'DISCONNECT_SUCCESS', 'DISCONNECT_ERROR', 'SWITCH_NETWORK', 'SEARCH_WALLET'];

const constants: Record<string, Record<string, unknown>> = { ErrorText, DeveloperErrorText };

/** SPEC's text from the constant: a template is filled with its placeholder's name; 'Chain is required...' ends in its purpose. */
function textOf(constant: string): string {
  const [group, key] = constant.split('.') as [string, string];
  const value = constants[group]?.[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'function') {
    if (key === 'emailLoginTooSoon') return (value as (n: string) => string)('{n}');
    if (key === 'httpStatus') return (value as (s: string) => string)('{status}');
    if (key === 'chainRequired') return `${(value as (p: string) => string)('').trimEnd()}...`;
  }
  throw new Error(`${constant} is not a text`);
}

/** The shipped sources of every package (no tests, no test support), read once. */
function shippedSources(): Map<string, string> {
  const packages = join(import.meta.dirname, '../..');
  const files = new Map<string, string>();
  for (const name of readdirSync(packages)) {
    const src = join(packages, name, 'src');
    let entries: string[];
    try {
      entries = readdirSync(src, { recursive: true, encoding: 'utf8' });
    } catch {
      continue;
    }
    for (const entry of entries) {
      if (!/\.tsx?$/.test(entry) || /\.test\.tsx?$/.test(entry) || /(^|\/)testing\//.test(entry)) continue;
      const path = join(src, entry);
      files.set(relative(packages, path), readFileSync(path, 'utf8'));
    }
  }
  return files;
}

describe('SPEC §8 error catalogue', () => {
  const sources = shippedSources();
  const usedIn = (needle: string | RegExp, exceptFile: string) =>
    [...sources].filter(([file, text]) => file !== exceptFile && (typeof needle === 'string' ? text.includes(needle) : needle.test(text))).map(([file]) => file);

  it.each(SPEC_TEXTS)("'%s' is %s, word for word", (text, constant) => {
    expect(textOf(constant)).toBe(text);
  });

  it.each(SPEC_TEXTS)("'%s' (%s) is used by shipped code", (_text, constant) => {
    const use = new RegExp(`\\b${constant.replace('.', '\\.')}\\b`);
    expect(usedIn(use, 'core/src/errors.ts'), `${constant} is defined but not used`).not.toEqual([]);
  });

  it.each(NODE_PHRASES)("the node's '%s' becomes a sentence the visitor can act on", (phrase) => {
    expect(nodeErrorText(`Error: ${phrase}`)).toEqual(expect.any(String));
  });

  it('the node texts are used by Send', () => {
    expect(usedIn(/\bnodeErrorText\(/, 'core/src/rules/send/nodeErrorText.ts')).not.toEqual([]);
  });

  it.each(SPEC_EVENTS)('the analytics event %s is tracked', (event) => {
    expect(CAIRN_EVENT_NAMES).toContain(event);
    expect(usedIn(new RegExp(`emit\\(\\s*'${event}'`), 'core/src/events.ts'), `${event} is never emitted`).not.toEqual([]);
  });
});
