import { describe, expect, it } from 'vitest';
import { latestReport } from './latestReport.ts';

/** A check whose answers the test gives by hand, in order. */
function manualCheck() {
  const pending: ((report: string) => void)[] = [];
  return {
    check: () => new Promise<string>((resolve) => pending.push(resolve)),
    started: () => pending.length,
    answer: (index: number, report: string) => pending[index]!(report),
  };
}

describe('latestReport', () => {
  it('checks once per maxAgeMs however many ask, and again once that has passed', async () => {
    let clock = 0;
    const manual = manualCheck();
    const latest = latestReport(manual.check, { maxAgeMs: 1000, waitMs: 50 }, () => clock);
    const first = Promise.all([latest(), latest(), latest()]);
    manual.answer(0, 'first');
    expect(await first).toEqual(['first', 'first', 'first']);
    clock = 999;
    expect(await latest()).toBe('first');
    expect(manual.started()).toBe(1);
    clock = 1000;
    const second = latest();
    expect(manual.started()).toBe(2);
    manual.answer(1, 'second');
    expect(await second).toBe('second');
  });

  it('answers the last finished report when a check takes longer than waitMs, and the new one once it is in', async () => {
    let clock = 0;
    const manual = manualCheck();
    const latest = latestReport(manual.check, { maxAgeMs: 1000, waitMs: 30 }, () => clock);
    const first = latest();
    manual.answer(0, 'before the load');
    await first;
    clock = 5000;
    const waitedFrom = performance.now();
    // The check in progress is slow (a busy database pool): the answer does not wait for it.
    expect(await latest()).toBe('before the load');
    expect(performance.now() - waitedFrom).toBeLessThan(1000);
    expect(manual.started()).toBe(2);
    manual.answer(1, 'under load');
    expect(await latest()).toBe('under load');
  });

  it('has the very first answer wait for its check, there being no report before it', async () => {
    const manual = manualCheck();
    const latest = latestReport(manual.check, { maxAgeMs: 1000, waitMs: 10 });
    let answered: string | undefined;
    const first = latest().then((report) => (answered = report));
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(answered).toBeUndefined();
    manual.answer(0, 'first');
    await first;
    expect(answered).toBe('first');
  });
});
