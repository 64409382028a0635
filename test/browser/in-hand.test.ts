// The documentation centre as a person meets it: what is drawn can be clicked and tapped where it is drawn, at
// phone, tablet and desktop widths, with real pointer, touch and keyboard input.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';
import { blankRightOf, drawnControls, outsideContainer, overlappingPairs, unreachableControls, wordsOverLines } from '../helpers/geometry.js';

let site: BrowserSite;
before(async () => {
  site = await startBrowserSite({ documentationCentre: true });
});
after(() => site.close());

const DOC = 'docs/app/android/device_mgr/';
const PHONE = { hasTouch: true, isMobile: true };

test('at 360 to 1440 px no two navbar controls overlap, none leaves the screen, each is hit where it is drawn', async () => {
  const { page, context } = await site.open(DOC, { width: 360 });
  for (const width of [360, 390, 768, 996, 997, 1024, 1100, 1280, 1440, 1536]) {
    await page.setViewportSize({ width, height: 800 });
    const navbar = page.locator('.navbar__inner');
    const controls = await drawnControls(navbar);
    assert.ok(controls.length >= 3, `${width} px: the navbar shows its controls`);
    assert.deepEqual(overlappingPairs(controls), [], `${width} px: overlapping navbar controls`);
    const offScreen = controls.filter((control) => control.left < 0 || control.right > width).map((control) => control.name);
    assert.deepEqual(offScreen, [], `${width} px: navbar controls off screen`);
    assert.deepEqual(await unreachableControls(navbar), [], `${width} px: navbar controls covered by something else`);
  }
  await context.close();
});

test('at 1024 px the external links wait in 更多 and the search box opens from its icon', async () => {
  const { page, context } = await site.open(DOC, { width: 1024 });
  await page.getByRole('button', { name: '更多' }).click();
  const developer = page.locator('.navbar__more a', { hasText: '开发者平台' });
  assert.equal(await developer.getAttribute('href'), 'https://developer.example.com/');
  assert.deepEqual(await unreachableControls(page.locator('.navbar__more')), []);
  const search = page.locator('.navbar').getByRole('combobox', { name: '搜索文档' });
  assert.ok((await search.boundingBox())!.width <= 40, 'folded to an icon');
  await search.click();
  assert.ok((await search.boundingBox())!.width >= 240, 'opened for typing');
  await page.keyboard.type('绑定');
  assert.equal(await search.inputValue(), '绑定');
  assert.equal(await developer.isVisible(), false, 'pressing elsewhere closed 更多');
  await context.close();
});

test('the sidebar and the table of contents can be clicked wherever their links are drawn', async () => {
  const { page, context } = await site.open(DOC, { width: 1024 });
  // Below 1400 px the table of contents is the folded list above the article.
  for (const width of [1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('button', { name: '本页目录' }).click();
    for (const part of ['.doc-sidebar', '.toc-mobile', '.breadcrumbs', '.pagination-nav']) {
      assert.deepEqual(await unreachableControls(page.locator(part)), [], `${width} px ${part}`);
    }
    await page.getByRole('button', { name: '本页目录' }).click();
  }
  await page.setViewportSize({ width: 1440, height: 800 });
  assert.ok(await page.locator('.toc').isVisible());
  for (const part of ['.doc-sidebar', '.toc', '.breadcrumbs', '.pagination-nav']) {
    assert.deepEqual(await unreachableControls(page.locator(part)), [], part);
  }
  await page.locator('.toc a', { hasText: '错误码' }).click();
  await page.waitForFunction(() => decodeURIComponent(location.hash) === '#错误码');
  await context.close();
});

test('the phone menu covers the screen; its links, back button and search box work by tap; a tap on the backdrop closes it', async () => {
  const { page, context } = await site.open(DOC, { width: 390, context: PHONE });
  await page.getByRole('button', { name: '打开导航菜单' }).tap();
  const menu = page.getByRole('dialog', { name: '导航菜单' });
  const box = (await menu.boundingBox())!;
  assert.equal(box.y, 0);
  assert.equal(box.height, 800, 'the drawer is as tall as the viewport');
  assert.deepEqual(await unreachableControls(menu), []);
  await menu.getByRole('button', { name: '← 返回主菜单' }).tap();
  assert.deepEqual(await unreachableControls(menu), []);
  await menu.locator('a', { hasText: '云端 API' }).tap();
  await page.waitForFunction(() => document.querySelector('h1.doc-title')?.textContent === '云端 API');
  await menu.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: '打开导航菜单' }).tap();
  await menu.getByRole('button', { name: '← 返回主菜单' }).tap();
  const search = menu.getByRole('combobox', { name: '搜索文档' });
  await search.tap();
  assert.ok(await search.evaluate((input) => input === document.activeElement), 'the tapped search box has the focus');
  await page.keyboard.type('固件');
  assert.equal(await search.inputValue(), '固件');
  await page.touchscreen.tap(375, 600);
  await menu.waitFor({ state: 'detached' });
  await context.close();
});

for (const width of [390, 768]) {
  test(`at ${width} px the phone menu is as tall as the screen, every control in it can be tapped, its search box lines up with its links`, async () => {
    // It had the navbar's 8 px left margin on top of the full width: shifted right and 8 px past the links' edge.
    const { page, context } = await site.open('', { width, context: PHONE });
    await page.getByRole('button', { name: '打开导航菜单' }).tap();
    const menu = page.getByRole('dialog', { name: '导航菜单' });
    const drawer = (await menu.boundingBox())!;
    assert.ok(drawer.y === 0 && drawer.height === 800, `the drawer is as tall as the viewport: ${JSON.stringify(drawer)}`);
    assert.deepEqual(await unreachableControls(menu), []);
    const search = (await menu.locator('.search-box__input').boundingBox())!;
    const link = (await menu.locator('.menu__link').first().boundingBox())!;
    const panel = await menu.locator('.mobile-menu__panel').evaluate((el) => {
      const box = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return { left: box.left + parseFloat(style.paddingLeft), right: box.right - parseFloat(style.paddingRight) };
    });
    assert.ok(Math.abs(search.x - link.x) < 1 && Math.abs(search.x + search.width - (link.x + link.width)) < 1, `search ${JSON.stringify(search)}, link ${JSON.stringify(link)}`);
    assert.ok(search.x >= panel.left - 0.5 && search.x + search.width <= panel.right + 0.5, `inside the panel ${JSON.stringify(panel)}`);
    await context.close();
  });
}

test("an Escape that belongs to an input method's composition leaves the phone menu open", async () => {
  const { page, context } = await site.open('docs/manual/', { width: 390, context: PHONE });
  await page.getByRole('button', { name: '打开导航菜单' }).tap();
  const menu = page.getByRole('dialog', { name: '导航菜单' });
  await menu.getByRole('button', { name: '← 返回主菜单' }).tap();
  await menu.getByRole('combobox', { name: '搜索文档' }).tap();
  // Chromium's own input-method channel: the page sees a composition as it would from a pinyin keyboard.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'shezhi', selectionStart: 6, selectionEnd: 6 });
  await page.keyboard.press('Escape');
  assert.equal(await menu.count(), 1, 'the menu stayed open');
  await cdp.send('Input.imeSetComposition', { text: '', selectionStart: 0, selectionEnd: 0 });
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'detached' });
  await context.close();
});

test("an Escape that belongs to an input method's composition leaves 更多 open", async () => {
  const { page, context } = await site.open(DOC, { width: 1280 });
  await page.getByRole('button', { name: '更多' }).click();
  const developer = page.locator('.navbar__more a', { hasText: '开发者平台' });
  await page.keyboard.press('/');
  assert.ok(await page.evaluate(() => document.activeElement?.classList.contains('search-box__input')), '/ focused the search box');
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.imeSetComposition', { text: 'gengduo', selectionStart: 7, selectionEnd: 7 });
  await page.keyboard.press('Escape');
  assert.ok(await developer.isVisible(), 'the menu stayed open');
  await cdp.send('Input.imeSetComposition', { text: '', selectionStart: 0, selectionEnd: 0 });
  await page.keyboard.press('Escape');
  await developer.waitFor({ state: 'hidden' });
  await context.close();
});

for (const width of [390, 768, 1280]) {
  test(`at ${width} px the 404 page, the search page and a doc page keep their content inside the layout's container`, async () => {
    const { page, context } = await site.open('docs/no-such-page/', { width });
    assert.deepEqual(await outsideContainer(page, 'main', 'main'), []);
    await page.goto(site.url('search/?q=' + encodeURIComponent('签名 X-XY-Timestamp')));
    await page.locator('.search-page__result').first().waitFor();
    assert.deepEqual(await outsideContainer(page, '.search-page', '.search-page'), []);
    await page.goto(site.url('docs/api/signature/'));
    assert.deepEqual(await outsideContainer(page, '.doc-article', '.doc-article'), []);
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'nothing scrolls the page sideways');
    await context.close();
  });
}

test('the 404 page says 你, and offers the search box and the sections as ways on', async () => {
  const { page, context } = await site.open('docs/no-such-page/');
  const text = await page.locator('main').innerText();
  assert.match(text, /找不到页面[\s\S]*你要找的页面不存在/);
  assert.doesNotMatch(text, /您/);
  const search = page.locator('main').getByRole('combobox', { name: '搜索文档' });
  await search.click();
  await page.keyboard.type('签名');
  await page.locator('main [role="option"]').first().waitFor();
  await page.keyboard.press('Escape');
  const sections = page.getByRole('navigation', { name: '文档分区' }).locator('a');
  assert.equal(await sections.count(), 9);
  await sections.filter({ hasText: '云端 API' }).click();
  await page.waitForFunction(() => document.querySelector('h1.doc-title')?.textContent === '云端 API');
  await context.close();
});

test('at 1280 px the article column is about 900 px wide: the table of contents waits above it', async () => {
  const { page, context } = await site.open(DOC, { width: 1280 });
  const column = (await page.locator('.doc-article').boundingBox())!;
  assert.ok(column.width >= 860, `column ${column.width} px`);
  assert.ok(await page.getByRole('button', { name: '本页目录' }).isVisible());
  await context.close();
});

// From 1400 px the table of contents has a column of its own beside the article, as on every documentation site;
// below its links that column is blank, and a code block wider than the 900 px column still scrolls there.
for (const width of [1024, 1280]) {
  test(`at ${width} px a code block that scrolls sideways has nothing but the page's gutter beside it`, async () => {
    // Before the 900 px column, at 1280 px the code scrolled in a 664 px column beside a table-of-contents column
    // left blank below its few links.
    const { page, context } = await site.open(DOC, { width });
    const blanks: string[] = [];
    for (const path of [DOC, 'docs/api/signature/', 'docs/web/websdk/account/']) {
      await page.goto(site.url(path));
      const blocks = page.locator('.markdown .code-block');
      const column = (await page.locator('.markdown').boundingBox())!;
      let scrolling = 0;
      for (let i = 0; i < (await blocks.count()); i++) {
        const block = blocks.nth(i);
        if (!(await block.locator('pre').evaluate((pre) => pre.scrollWidth > pre.clientWidth + 1))) continue;
        scrolling++;
        const box = (await block.boundingBox())!;
        assert.ok(Math.abs(box.x + box.width - (column.x + column.width)) < 1, `${path}: a scrolling code block reaches the column's right edge (${box.x + box.width} of ${column.x + column.width} px)`);
        const blank = await blankRightOf(block);
        if (blank > 64) blanks.push(`${path} block ${i + 1}: ${blank} px blank to its right`);
      }
      assert.ok(scrolling > 0, `${path} has a code block wider than the column to check`);
    }
    assert.deepEqual(blanks, []);
    await context.close();
  });
}

test('Chinese comments in code are drawn upright, not in a slanted copy of an upright font', async () => {
  const { page, context } = await site.open('docs/web/websdk/account/');
  const styles = await page.locator('.hljs-comment').evaluateAll((comments) =>
    comments.filter((comment) => /[\u4e00-\u9fff]/.test(comment.textContent ?? '')).map((comment) => getComputedStyle(comment).fontStyle),
  );
  assert.ok(styles.length > 0);
  assert.deepEqual([...new Set(styles)], ['normal']);
  await context.close();
});

test('on a phone, tables scroll sideways rather than break identifiers or header names', async () => {
  const { page, context } = await site.open('docs/api/signature/', { width: 390 });
  const lines = await page.locator('.markdown td').evaluateAll((cells) =>
    cells
      .filter((cell) => /^X-XY-Timestamp$|^xy0123456789abcdef$/.test(cell.textContent ?? '') || cell.querySelector('code')?.textContent === 'xy0123456789abcdef')
      .flatMap((cell) => [...cell.querySelectorAll('code'), cell.firstChild!])
      .filter((node) => /X-XY-Timestamp|xy0123456789abcdef/.test(node.textContent ?? ''))
      .map((node) => {
        const range = document.createRange();
        range.selectNodeContents(node);
        return [node.textContent, new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size];
      }),
  );
  assert.ok(lines.length >= 2, 'the header name and the appId example are there');
  assert.deepEqual(lines.filter(([, count]) => count !== 1), [], 'split over lines');
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the table scrolls, not the page');
  await context.close();
});

test('on a phone, no table breaks a Latin word, code or header name across lines on any of the table-heavy pages', async () => {
  // Hyphens, slashes and dots are break opportunities: "X-XY-Nonce" broke as "X-XY-" / "Nonce" on the error-code
  // page and the glossary, "XY-ABCDEF-123456" and "com.xiyun.iot:xy-app-sdk:3.6.0" likewise.
  const { page, context } = await site.open('docs/api/errorcode/', { width: 390, context: PHONE });
  const broken: string[] = [];
  for (const path of ['docs/api/errorcode/', 'docs/reference/glossary/', 'docs/app/android/device_mgr/', 'docs/reference/global-deploy/', 'docs/api/signature/', 'docs/web/websdk/devicemgr/', 'docs/device/deviceSdk/guide/']) {
    await page.goto(site.url(path));
    // Every Latin word of every cell (printable ASCII without spaces, two characters or more).
    const words = await wordsOverLines(page.locator('.markdown td, .markdown th'), '[\\x21-\\x7e]{2,}');
    broken.push(...words.map((word) => `/${path}: ${word}`));
  }
  assert.deepEqual(broken, []);
  assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth), 'the tables scroll, not the page');
  await context.close();
});

test('on a phone, headings and cards do not end with one character alone on a line', async () => {
  // The last two had a heading ending in one character on its own line before headings were balanced.
  for (const path of ['', 'docs/manual/', 'docs/no-such-page/', 'docs/app/ios/account/', 'docs/device/deviceSdk/functionality/']) {
    const { page, context } = await site.open(path, { width: 390 });
    const orphans = await page.locator('h1, h2, h3, .doc-card__name, .doc-card__line, .home-card__name, .home-card__line').evaluateAll((blocks) =>
      blocks
        .filter((block) => block.getClientRects().length > 0)
        .filter((block) => {
          // The block's last text, inside its last inline element if it ends with one (a card's last page title).
          let tail = block.lastChild;
          while (tail && tail.nodeType === Node.ELEMENT_NODE && getComputedStyle(tail as Element).display.startsWith('inline')) tail = tail.lastChild;
          const text = tail?.nodeType === Node.TEXT_NODE ? (tail as Text) : null;
          const end = (text?.data ?? '').trimEnd().length;
          if (!text || end < 2) return false;
          const [before, last] = [end - 2, end - 1].map((from) => {
            const range = document.createRange();
            range.setStart(text, from);
            range.setEnd(text, from + 1);
            return range.getBoundingClientRect().top;
          });
          return last - before > 2 && !/[\s，。、：；）」]/.test(text.data[end - 2]);
        })
        .map((block) => block.textContent),
    );
    assert.deepEqual(orphans, [], `/${path}`);
    await context.close();
  }
});

test('cards name their pages whole: no page title is split at the end of a line, at phone, tablet and desktop widths', async () => {
  // word-break: auto-phrase segments only Japanese in Chromium, so for Chinese it kept nothing whole: at 1280 px the
  // not-found page's first card read "平台简介、快速入门、价格说" and then "明 等" on a line of its own.
  const { page, context } = await site.open('docs/no-such-page/', { width: 390 });
  const split: string[] = [];
  for (const width of [390, 768, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['docs/no-such-page/', 'docs/manual/', 'docs/app/', 'docs/api/']) {
      await page.goto(site.url(path));
      // Each page title of a card's line: after 篇： or 、, up to the next 、 or the closing 等.
      assert.ok((await page.locator('.doc-card__line').count()) > 0, `/${path} has cards listing pages`);
      split.push(...(await wordsOverLines(page.locator('.doc-card__line'), '(?<=[：、])[^、]+?(?=、| 等$|$)')).map((title) => `${width} px /${path}: ${title}`));
    }
  }
  assert.deepEqual(split, []);
  await context.close();
});

test('while the navbar hides, the sidebar reaches the top of the window', async () => {
  const { page, context } = await site.open(DOC, { width: 1280 });
  await page.mouse.move(640, 400);
  await page.mouse.wheel(0, 900);
  await page.waitForFunction(() => document.querySelector('.navbar')!.getBoundingClientRect().bottom <= 0);
  await page.waitForFunction(() => Math.abs(document.querySelector('.doc-sidebar')!.getBoundingClientRect().top) < 1);
  assert.equal((await page.locator('.doc-sidebar').boundingBox())!.height, 800);
  assert.ok(await page.evaluate(() => document.elementFromPoint(100, 20)?.closest('.doc-sidebar') !== null), 'the top of the window shows the sidebar');
  await context.close();
});

test('on /docs/api/ pages the navbar marks 云端 API as the current section', async () => {
  const { page, context } = await site.open('docs/api/signature/', { width: 1280 });
  assert.deepEqual(await page.locator('.navbar__inner > .navbar__items:not(.navbar__items--right) a[aria-current]').allTextContents(), ['云端 API']);
  await context.close();
});

test("a section's index page ends with cards of the section's pages, taken from the sidebar", async () => {
  const { page, context } = await site.open('docs/manual/', { width: 390 });
  const cards = page.getByRole('navigation', { name: '「操作指南」的页面' }).locator('a');
  const names = await cards.locator('.doc-card__name').allTextContents();
  assert.equal(names[0], '快速开始');
  assert.ok(names.includes('财务'), names.join());
  assert.match((await cards.first().locator('.doc-card__line').textContent()) ?? '', /^\d+ 篇：/);
  assert.deepEqual(await unreachableControls(page.locator('.doc-cards')), []);
  await cards.filter({ hasText: '财务' }).click();
  await page.waitForFunction(() => location.pathname.startsWith('/docscenter/docs/manual/finance/'));
  assert.equal(await page.locator('.doc-cards').count(), 0, 'an ordinary page has no cards');
  await context.close();
});
