// Pictures of the main screens against committed baselines, so that an unintended change of layout fails the run.
// After an intended change: `npm run screenshots:update`, look at every picture, commit them saying why.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../helpers/browser.js';
import { comparePictures } from '../visual/compare.js';
import { BASELINES, serveDocumentationCentre } from '../visual/site.js';
import { VIEWS, capture } from '../visual/views.js';

// Anti-aliasing is left out by pixelmatch; this allows a few hundred stray pixels of 312,000 at 390 px.
const TOLERANCE = 0.002;

let site: Awaited<ReturnType<typeof serveDocumentationCentre>>;
let browser: Browser;
before(async () => {
  site = await serveDocumentationCentre();
  browser = await launchBrowser();
});
after(async () => {
  await browser.close();
  await site.close();
});

for (const view of VIEWS) {
  test(`${view.name} looks as its baseline`, async () => {
    const actual = await capture(browser, site.url, view);
    const expected = await readFile(path.join(BASELINES, `${view.name}.png`));
    const { ratio, diff } = comparePictures(expected, actual);
    if (ratio > TOLERANCE) {
      const dir = path.join(os.tmpdir(), 'docsgen-visual-diff');
      await mkdir(dir, { recursive: true });
      await writeFile(path.join(dir, `${view.name}.actual.png`), actual);
      if (diff) await writeFile(path.join(dir, `${view.name}.diff.png`), diff);
      assert.fail(`${view.name}: ${(ratio * 100).toFixed(2)} % of pixels differ from test/visual/baselines/${view.name}.png; see ${dir}. If the change is intended, run npm run screenshots:update and commit the pictures saying why.`);
    }
  });
}
