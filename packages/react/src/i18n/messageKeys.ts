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

/**
 * Every English text the modal may show that the core makes (SPEC §8 texts and others): each
 * catalogue translates it under the core's constant (`[ErrorText.connectionRejected]: '...'`), so
 * the core's file is the one place its English is written.
 */
export function coreTexts(): string[] {
  const texts = [
    ...Object.values(ErrorText),
    ...Object.values(WalletListText),
    ...Object.values(WalletConnectText),
    ...Object.values(EmbeddedLoginText),
    ...Object.values(SWAP_TEXTS),
    SWAP_TEXTS.insufficientBalance('{symbol}'),
    SWAP_TEXTS.insufficientGas('{symbol}'),
    ...Object.values(TRANSACTION_TITLES),
    ...Object.values(SEND_FIELD_TEXTS),
    ...Object.values(SEND_OUTCOME_TEXTS),
    ...Object.values(SendText),
    NAME_RULE_TEXT,
    TOO_MANY_DECIMALS,
    REVERTED_WITH_REASON,
  ];
  // Developer-facing texts (configuration mistakes) stay in English.
  return texts.filter((text): text is string => typeof text === 'string' && !text.includes('`'));
}

/**
 * Texts the core builds with values but keeps no template of ('Please try again after 30 seconds'):
 * the modal names their templates by id (catalogues.test.ts checks the core's texts still match them).
 */
export const CORE_BUILT_TEXT_IDS = ['buy.enterAnAmountFrom', 'embeddedWallet.pleaseTryAgainAfter'] as const;
