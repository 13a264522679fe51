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
  PURCHASE_TITLES,
  TRANSACTION_TITLES,
  WalletConnectText,
  WalletListText,
} from '@cairn/core/rules';

const CORE_TABLES = {
  errorText: ErrorText,
  walletListText: WalletListText,
  walletConnectText: WalletConnectText,
  embeddedLoginText: EmbeddedLoginText,
  swapTexts: SWAP_TEXTS,
  transactionTitles: TRANSACTION_TITLES,
  purchaseTitles: PURCHASE_TITLES,
  sendFieldTexts: SEND_FIELD_TEXTS,
  sendOutcomeTexts: SEND_OUTCOME_TEXTS,
  sendText: SendText,
};

/**
 * The texts the modal shows that the core makes (SPEC §8 texts and others), by the id each has in
 * en.json and the catalogues: `<table>.<key>` of the core's constant (`errorText.connectionRejected`).
 * catalogues.test.ts keeps en.json's English equal to the core's. A text two constants share has
 * the first one's id (the runtime keys translations by English).
 */
export function coreTextIds(): Record<string, string> {
  const ids: Record<string, string> = {};
  const seen = new Set<string>();
  const add = (id: string, text: unknown) => {
    // Developer-facing texts (configuration mistakes) stay in English.
    if (typeof text !== 'string' || text.includes('`') || seen.has(text)) return;
    seen.add(text);
    ids[id] = text;
  };
  for (const [table, texts] of Object.entries(CORE_TABLES)) for (const [key, text] of Object.entries(texts)) add(`${table}.${key}`, text);
  add('texts.nameRuleText', NAME_RULE_TEXT);
  add('texts.tooManyDecimals', TOO_MANY_DECIMALS);
  add('texts.revertedWithReason', REVERTED_WITH_REASON);
  add('swapTexts.insufficientBalance', SWAP_TEXTS.insufficientBalance('{symbol}'));
  add('swapTexts.insufficientGas', SWAP_TEXTS.insufficientGas('{symbol}'));
  return ids;
}

/**
 * Texts the core builds with values but keeps no template of ('Please try again after 30 seconds'):
 * the modal names their templates by id (catalogues.test.ts checks the core's texts still match them).
 */
export const CORE_BUILT_TEXT_IDS = ['buy.enterAnAmountFrom', 'embeddedWallet.pleaseTryAgainAfter'] as const;
