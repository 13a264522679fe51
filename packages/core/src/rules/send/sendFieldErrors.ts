import type { ParsedAmount } from './parseSendAmount.ts';

/** What Send says under a field, as the visitor types. */
export const SEND_FIELD_TEXTS = {
  amountMissing: 'Enter an amount',
  amountNotANumber: 'Enter the amount as a number, like 0.5',
  amountNegative: 'The amount cannot be negative',
  amountZero: 'Enter an amount above zero',
  amountTooLarge: 'This amount is too large',
  receiverMissing: "Enter the receiver's address",
  receiverInvalid: 'This is not a valid address on this network',
} as const;

/** The template of the text for an amount with more decimals than its token has. */
export const TOO_MANY_DECIMALS = '{symbol} has at most {decimals} decimals';

/** The receiver as typed: nothing yet, an address that is (not) valid, or a name to resolve. */
export type ReceiverEntry = 'empty' | 'invalid' | 'valid' | 'name';

export interface SendFieldInput {
  amount: ParsedAmount;
  receiver: ReceiverEntry;
  token: { symbol: string; decimals: number };
  /** What the balance says of a well-formed amount (SPEC §5 funds and gas), if it is not covered. */
  balanceError?: string;
  /** The visitor asked for the review: an empty field says so too. Before, an empty field is no mistake. */
  showMissing: boolean;
}

export interface SendFieldErrors {
  amount?: string;
  receiver?: string;
}

/** Per field, what is wrong with Send's form as typed (SPEC §5); nothing for a field that is fine. */
export function sendFieldErrors(input: SendFieldInput): SendFieldErrors {
  const errors: SendFieldErrors = {};
  const amount = amountError(input);
  if (amount) errors.amount = amount;
  if (input.receiver === 'invalid') errors.receiver = SEND_FIELD_TEXTS.receiverInvalid;
  else if (input.receiver === 'empty' && input.showMissing) errors.receiver = SEND_FIELD_TEXTS.receiverMissing;
  return errors;
}

function amountError({ amount, token, balanceError, showMissing }: SendFieldInput): string | undefined {
  if (amount.ok) return balanceError;
  switch (amount.reason) {
    case 'empty':
      return showMissing ? SEND_FIELD_TEXTS.amountMissing : undefined;
    case 'format':
      return SEND_FIELD_TEXTS.amountNotANumber;
    case 'negative':
      return SEND_FIELD_TEXTS.amountNegative;
    case 'zero':
      return SEND_FIELD_TEXTS.amountZero;
    case 'decimals':
      return TOO_MANY_DECIMALS.replace('{symbol}', token.symbol).replace('{decimals}', String(token.decimals));
    case 'too-large':
      return SEND_FIELD_TEXTS.amountTooLarge;
  }
}

/** A receiver typed as a name (alice.cairn.id): it contains a dot and is not an address. */
export function looksLikeName(text: string): boolean {
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(text.trim()) && !/^0x/i.test(text.trim());
}
