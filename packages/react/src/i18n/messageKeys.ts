import { ErrorText } from '@cairn/core';
import {
  EmbeddedLoginText,
  NAME_RULE_TEXT,
  REVERTED_WITH_REASON,
  SEND_FIELD_TEXTS,
  SEND_OUTCOME_TEXTS,
  SendText,
  SWAP_TEXTS,
  TOO_MANY_DECIMALS,
  TRANSACTION_TITLES,
  WalletConnectText,
  WalletListText,
} from '@cairn/core/rules';

/** Texts the core hands the modal that carry values: their templates, as catalogues key them. */
export const CORE_TEMPLATES = [
  'Insufficient {symbol} balance',
  'Not enough {symbol} for the network fee',
  'Enter an amount from {min} to {max} {currency}',
  'Please try again after {seconds} seconds',
  TOO_MANY_DECIMALS,
  REVERTED_WITH_REASON,
] as const;

/** Every English text the modal may show that comes from the core (SPEC §8 texts and others). */
export function coreMessageKeys(): string[] {
  const texts = [
    ...Object.values(ErrorText),
    ...Object.values(WalletListText),
    ...Object.values(WalletConnectText),
    ...Object.values(EmbeddedLoginText),
    ...Object.values(SWAP_TEXTS),
    ...Object.values(TRANSACTION_TITLES),
    ...Object.values(SEND_FIELD_TEXTS),
    ...Object.values(SEND_OUTCOME_TEXTS),
    ...Object.values(SendText),
    NAME_RULE_TEXT,
    ...CORE_TEMPLATES,
  ];
  // Developer-facing texts (configuration mistakes) stay in English.
  return texts.filter((text): text is string => typeof text === 'string' && !text.includes('`'));
}

export { sourceMessageKeys } from '@cairn/core/rules';
