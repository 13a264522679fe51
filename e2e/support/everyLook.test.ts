import { expect, it } from 'vitest';
import { chromiumPerFile } from './chromiumPerFile.ts';
import { layoutProblems } from './everyLook.ts';

const browser = chromiumPerFile();

/** A modal as the widget mounts it (a dialog in `cairn-modal`'s shadow root), with `body` inside. */
const modalWith = (body: string) => `
  <cairn-modal></cairn-modal>
  <script>
    document.querySelector('cairn-modal').attachShadow({ mode: 'open' }).innerHTML =
      '<div role="dialog" style="position:fixed;top:20px;left:20px;width:300px;padding:8px">' + ${JSON.stringify(body)} + '</div>';
  </script>`;

it('finds nothing wrong with a modal that shows everything whole', async () => {
  const page = await browser().newPage({ viewport: { width: 360, height: 740 } });
  await page.setContent(modalWith('<p>0.0123 ETH</p><button>Send</button><label>Amount <input></label><p class="sr-only" style="position:absolute;width:1px;height:1px;overflow:hidden">hidden help</p>'));
  expect(await layoutProblems(page)).toEqual([]);
  await page.close();
});

it('names a dialog past a phone\'s width, a text cut off, an element sticking out of the dialog, and a control under another element', async () => {
  const page = await browser().newPage({ viewport: { width: 320, height: 740 } });
  await page.setContent(
    modalWith(
      '<time style="display:block;width:40px;white-space:nowrap;overflow:hidden;text-overflow:ellipsis">Nov 26, 2026, 10:31 AM</time>' +
        '<p style="width:500px">wide</p>' +
        '<div style="position:relative"><button>Review</button><div class="toast" style="position:absolute;inset:0;background:#fff">Transaction started</div></div>',
    ),
  );
  const problems = await layoutProblems(page);
  expect(problems).toEqual([
    'the dialog (20 to 336 px) goes past the viewport (320 px wide)',
    expect.stringMatching(/^<time> "Nov 26, 2026, 10:31 AM" is cut off$/),
    expect.stringMatching(/^<p> "wide" sticks out of the dialog$/),
    expect.stringMatching(/^<button> "Review" is covered by <div class="toast"> "Transaction started"$/),
  ]);
  await page.close();
});
