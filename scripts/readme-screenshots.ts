// The README's pictures: the home page and a doc page at desktop and phone width, written to screenshots/.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../test/helpers/browser.js';
import { repoRoot } from '../test/helpers/fixtures.js';
import { serveDocumentationCentre } from '../test/visual/site.js';
import { VIEWS, capture } from '../test/visual/views.js';

const README_VIEWS = ['home-1280', 'doc-1280', 'home-390', 'doc-390'];
const folder = path.join(repoRoot, 'screenshots');

const site = await serveDocumentationCentre();
const browser = await launchBrowser();
try {
  await mkdir(folder, { recursive: true });
  for (const view of VIEWS.filter((candidate) => README_VIEWS.includes(candidate.name))) {
    const file = path.join(folder, `${view.name}.png`);
    await writeFile(file, await capture(browser, site.url, view));
    console.log(path.relative(process.cwd(), file));
  }
} finally {
  await browser.close();
  await site.close();
}
