import { expect, it } from 'vitest';
import { chromiumPerFile } from './chromiumPerFile.ts';
import { describeOpenPages } from './failureReport.ts';

const browser = chromiumPerFile();

it("reads the modal inside its shadow root, says whether it is open, and gives the site's status and console errors", async () => {
  const context = await browser().newContext();
  const page = await context.newPage();
  await page.setContent(`
    <p data-testid="site-status">connected</p>
    <div id="host"></div>
    <script>
      const root = document.getElementById('host').attachShadow({ mode: 'open' });
      root.innerHTML = '<div class="backdrop" data-state="closed"><div role="dialog">Choose a Name</div></div>';
      console.error('the name server did not answer');
      console.error("WebSocket connection to 'ws://127.0.0.1/relay?auth=" + 'a'.repeat(400) + "' failed: Unexpected response code: 429");
    </script>`);
  // An iframe's document is read too (the secure frame's screen and its problem line).
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.srcdoc = '<p>Move the pointer onto Approve, then click it.</p>';
    document.body.append(frame);
    return new Promise((resolve) => frame.addEventListener('load', resolve));
  });
  const report = await describeOpenPages('a test');
  expect(report).toContain('[failure report] a test');
  expect(report).toContain('[site status connected] [dialog closed] Choose a Name');
  expect(report).toContain('error: the name server did not answer');
  expect(report).toMatch(/frame about:srcdoc shows: Move the pointer onto Approve, then click it\./);
  // A long token in a URL does not push the reason out of the line.
  expect(report).toContain('failed: Unexpected response code: 429');
  await context.close();
  expect(await describeOpenPages('after')).toContain('(no page open)');
}, 30_000);
