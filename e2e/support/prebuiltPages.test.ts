import { afterEach, expect, it, vi } from 'vitest';
import { prebuiltPagePaths, sharedPagesRun } from './prebuiltPages.ts';

afterEach(() => {
  vi.unstubAllEnvs();
});

it("puts the pages of one npm test run in one folder for every shard, and a port offset's own otherwise", () => {
  vi.stubEnv('E2E_PAGES_RUN', '1795818679369');
  expect(prebuiltPagePaths().framePage).toMatch(/\/\.scratch\/e2e-pages-run-1795818679369\/framePage$/);
  vi.stubEnv('E2E_PAGES_RUN', '');
  expect(prebuiltPagePaths().framePage).toMatch(/\/\.scratch\/e2e-pages-\d+\/framePage$/);
});

it('takes only a run id of digits, so that the folder stays under .scratch', () => {
  expect(sharedPagesRun(undefined)).toBeUndefined();
  expect(sharedPagesRun('42')).toBe('42');
  for (const bad of ['../x', '1/2', ' 1', '1e3', '9'.repeat(21)]) expect(() => sharedPagesRun(bad)).toThrow(`E2E_PAGES_RUN must be a run id of digits, got ${JSON.stringify(bad)}`);
});
