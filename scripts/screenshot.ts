// Takes screenshots of a built site at desktop and phone widths: node --import tsx scripts/screenshot.ts <dir> <out-prefix> <path>...
import { startStaticServer } from '../test/helpers/static-server.js';
import { launchBrowser } from '../test/helpers/browser.js';

const [dir, prefix, ...paths] = process.argv.slice(2);
const server = await startStaticServer(dir);
const browser = await launchBrowser();
try {
  for (const [name, width, height] of [['desktop', 1280, 900], ['phone', 390, 844]] as const) {
    const page = await browser.newPage({ viewport: { width, height } });
    for (const [i, p] of paths.entries()) {
      await page.goto(server.url + p.replace(/^\//, ''), { waitUntil: 'networkidle' });
      await page.screenshot({ path: `${prefix}-${name}-${i}.png`, fullPage: process.env.FULL === '1' });
    }
    await page.close();
  }
} finally {
  await browser.close();
  await server.close();
}
