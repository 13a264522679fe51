import { describe, expect, it } from 'vitest';
import { catalogueTextIds, sourceTextIds } from './textIds.ts';

describe('text ids read from the files', () => {
  it("finds the ids of t(...) and msg(...) in a source, not other calls' strings", () => {
    const source = `const title = msg('send.reviewSendTitle');\nreturn <p>{t( "send.networkFee", { fee })}{format('send.notAText')}{t(error)}</p>;`;
    expect(sourceTextIds(source)).toEqual(['send.reviewSendTitle', 'send.networkFee']);
  });

  it("finds a language file's quoted keys, not its values or computed keys", () => {
    const source = `const de: Catalogue = {\n  'send.networkFee': 'Netzwerkgebühr',\n  "swap.rate":\n    'Kurs: a: b',\n  [ErrorText.userRejected]: 'Abgelehnt',\n};`;
    expect(catalogueTextIds(source)).toEqual(['send.networkFee', 'swap.rate']);
  });
});
