import { beforeEach } from 'vitest';
import { describeOpenPages } from './failureReport.ts';

// Every browser test that fails prints what its open pages showed (see failureReport.ts), and its
// error: a test that passes on its retry prints no error of its own, so this is the only trace.
beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    const errors = (task.result?.errors ?? []).map((error) => `  error: ${String(error.message ?? error).split('\n').slice(0, 4).join(' | ')}`);
    console.error([await describeOpenPages(task.name), ...errors].join('\n'));
  });
});
