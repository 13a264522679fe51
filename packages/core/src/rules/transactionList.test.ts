import { describe, expect, it } from 'vitest';
import { historyTransaction, spamNft } from '../testing/historyTransaction.ts';
import { filterTransactions, groupTransactionsByYear, monthSections, withPurchases } from './transactionList.ts';

const at = (minedAt: string, hash = minedAt) => historyTransaction({ minedAt, hash });

describe('filterTransactions (SPEC §5)', () => {
  it("drops entries whose transfers are all spam NFTs, keeping one with a real transfer beside the spam", () => {
    const spamOnly = historyTransaction({ hash: 'spam', transfers: [spamNft(), spamNft('Claim now')] });
    const mixed = historyTransaction({ hash: 'mixed', transfers: [spamNft(), { ...spamNft('Real'), nft_info: { ...spamNft().nft_info!, flags: { is_spam: false } } }] });
    const plain = historyTransaction({ hash: 'plain' });
    const noTransfers = historyTransaction({ hash: 'approve', operationType: 'approve', transfers: [] });
    expect(filterTransactions([spamOnly, mixed, plain, noTransfers], 'eip155:31337').map((t) => t.metadata.hash)).toEqual(['mixed', 'plain', 'approve']);
  });

  it("keeps only the connected chain's entries", () => {
    const here = historyTransaction({ hash: 'here' });
    const there = historyTransaction({ hash: 'there', chain: 'eip155:31338' });
    expect(filterTransactions([here, there], 'eip155:31338').map((t) => t.metadata.hash)).toEqual(['there']);
  });
});

describe('monthSections (SPEC §2: month alone this year, month and year otherwise)', () => {
  it("names this year's months alone and a past year's with the year, newest first", () => {
    const byYear = groupTransactionsByYear([at('2026-11-10T12:00:00Z'), at('2026-11-02T12:00:00Z'), at('2026-03-15T12:00:00Z'), at('2025-12-20T12:00:00Z')]);
    const sections = monthSections(byYear, new Date('2026-11-24T12:00:00Z'), 'en-US');
    expect(sections.map((section) => [section.heading, section.transactions.length])).toEqual([
      ['November', 2],
      ['March', 1],
      ['December 2025', 1],
    ]);
  });

  it('moves last December under its year once the year turns', () => {
    const byYear = groupTransactionsByYear([at('2027-01-01T12:00:00Z'), at('2026-12-31T12:00:00Z')]);
    expect(monthSections(byYear, new Date('2026-12-31T18:00:00Z'), 'en-US').map((s) => s.heading)).toEqual(['January 2027', 'December']);
    expect(monthSections(byYear, new Date('2027-01-02T12:00:00Z'), 'en-US').map((s) => s.heading)).toEqual(['January', 'December 2026']);
  });

  it('writes the headings in the locale asked for', () => {
    const byYear = groupTransactionsByYear([at('2025-11-10T12:00:00Z')]);
    expect(monthSections(byYear, new Date('2026-11-24T12:00:00Z'), 'de-DE')[0]!.heading).toBe('November 2025');
    expect(monthSections(byYear, new Date('2025-11-24T12:00:00Z'), 'es-ES')[0]!.heading).toBe('noviembre');
  });

  it('groups by year then month (SPEC §3 transactionsByYear)', () => {
    const byYear = groupTransactionsByYear([at('2026-11-10T12:00:00Z', 'a'), at('2025-01-10T12:00:00Z', 'b')]);
    expect(Object.keys(byYear)).toEqual(['2025', '2026']);
    expect(byYear[2026]![10]!.map((t) => t.metadata.hash)).toEqual(['a']);
    expect(byYear[2025]![0]!.map((t) => t.metadata.hash)).toEqual(['b']);
  });
});

describe('withPurchases (SPEC §3 coinbaseTransactions beside the transactions)', () => {
  it('puts the purchases among the transactions by time, one row for a purchase and the transaction that paid it', () => {
    const purchase = (minedAt: string, hash: string) => ({ ...at(minedAt, hash), purchase: { provider: 'Cairn Local', paid: { value: '50.00', currency: 'USD' } } });
    const chain = [at('2026-11-12T12:00:00.000Z', '0xnew'), at('2026-11-10T12:00:00.000Z', '0xABC'), at('2026-11-01T12:00:00.000Z', '0xold')];
    const purchases = [purchase('2026-11-20T12:00:00.000Z', '0xpending'), purchase('2026-11-10T12:00:00.000Z', '0xabc')];
    expect(withPurchases(chain, purchases).map((entry) => [entry.metadata.hash, entry.purchase !== undefined])).toEqual([
      ['0xpending', true],
      ['0xnew', false],
      ['0xabc', true],
      ['0xold', false],
    ]);
  });
});
