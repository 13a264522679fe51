import { beforeEach } from 'vitest';
import { describeOpenPages } from './failureReport.ts';

// Every browser test that fails prints what its open pages showed (see failureReport.ts).
beforeEach(({ onTestFailed }) => {
  onTestFailed(async ({ task }) => {
    console.error(await describeOpenPages(task.name));
  });
});
