// Writes the visual tests' baselines (test/visual/baselines) from the documentation centre as it builds now.
// Look at every picture before committing it.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../test/helpers/browser.js';
import { BASELINES, serveDocumentationCentre } from '../test/visual/site.js';
import { VIEWS, capture } from '../test/visual/views.js';

const site = await serveDocumentationCentre();
const browser = await launchBrowser();
try {
  await mkdir(BASELINES, { recursive: true });
  for (const view of VIEWS) {
    const file = path.join(BASELINES, `${view.name}.png`);
    await writeFile(file, await capture(browser, site.url, view));
    console.log(path.relative(process.cwd(), file));
  }
} finally {
  await browser.close();
  await site.close();
}
