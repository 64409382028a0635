// Pictures of the documentation centre as it builds now:
//   baselines  the visual tests' baselines, test/visual/baselines (look at every one before committing it)
//   readme     the README's pictures: home and a doc page at desktop and phone width, screenshots/
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../test/helpers/browser.js';
import { repoRoot } from '../test/helpers/fixtures.js';
import { BASELINES, serveDocumentationCentre } from '../test/visual/site.js';
import { VIEWS, capture } from '../test/visual/views.js';

const README_VIEWS = ['home-1280', 'doc-1280', 'home-390', 'doc-390'];
const sets = {
  baselines: { folder: BASELINES, views: VIEWS },
  readme: { folder: path.join(repoRoot, 'screenshots'), views: VIEWS.filter((view) => README_VIEWS.includes(view.name)) },
};
const set = sets[process.argv[2] as keyof typeof sets];
if (!set) {
  console.error('usage: node --import tsx scripts/screenshots.ts baselines|readme');
  process.exit(1);
}

const site = await serveDocumentationCentre();
const browser = await launchBrowser();
try {
  await mkdir(set.folder, { recursive: true });
  for (const view of set.views) {
    const file = path.join(set.folder, `${view.name}.png`);
    await writeFile(file, await capture(browser, site.url, view));
    console.log(path.relative(process.cwd(), file));
  }
} finally {
  await browser.close();
  await site.close();
}
