import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { CDPSession, Page } from 'playwright-core';
import { startBrowserSite, type BrowserSite } from '../helpers/browser-site.js';
import { unreachableControls } from '../helpers/geometry.js';

/** The search dropdown and results page of the documentation centre, driven by real pointer, touch, keyboard and input-method input. */
let site: BrowserSite;
before(async () => {
  site = await startBrowserSite({ documentationCentre: true });
});
after(() => site.close());

async function typeQuery(page: Page, query: string) {
  const input = page.locator('.navbar .search-box__input');
  await input.click();
  await input.fill(query);
  await resultsComplete(page);
  return input;
}

/** Waits for the dropdown's results and for their excerpts: until then a result links to its page, then to the matching section. */
async function resultsComplete(page: Page) {
  await page.locator('.navbar .search-result').first().waitFor();
  await page.locator('.navbar .search-result__placeholder').first().waitFor({ state: 'detached' });
}

test('every dropdown result is a link; a click opens its page; the active option is highlighted', async () => {
  const { page, context } = await site.open('docs/overview/intro/');
  await typeQuery(page, '固件升级');
  const options = page.locator('.navbar [role="option"]');
  const count = await options.count();
  assert.ok(count > 2);
  assert.deepEqual(await unreachableControls(page.locator('.navbar .search-box__dropdown')), [], 'every option and link of the dropdown is hit where it is drawn');
  const hrefs = await options.evaluateAll((els) => els.map((el) => (el.tagName === 'A' ? el.getAttribute('href') : null)));
  assert.ok(hrefs.every((href) => href && href.startsWith('/docscenter/docs/')), JSON.stringify(hrefs));
  // The keyboard's option: its background differs from the others'.
  await page.keyboard.press('ArrowDown');
  const backgrounds = await options.evaluateAll((els) => els.map((el) => [el.getAttribute('aria-selected'), getComputedStyle(el).backgroundColor]));
  const selected = backgrounds.filter(([flag]) => flag === 'true');
  assert.equal(selected.length, 1);
  assert.ok(backgrounds.filter(([flag]) => flag !== 'true').every(([, color]) => color !== selected[0][1]), JSON.stringify(backgrounds));
  // Move the pointer away so hovering does not change which option is active, then click the third.
  const third = options.nth(2);
  const href = (await third.getAttribute('href'))!;
  const box = (await third.boundingBox())!;
  const hit = await page.evaluate(([x, y]) => document.elementFromPoint(x, y)?.closest('[role="option"]')?.getAttribute('href'), [box.x + box.width / 2, box.y + box.height / 2]);
  assert.equal(hit, href, 'the option is what is under the pointer');
  await third.click();
  await page.waitForFunction((h) => decodeURI(location.pathname + location.hash) === decodeURI(h), href);
  assert.equal(await page.locator('.navbar .search-box__input').getAttribute('aria-expanded'), 'false');
  await context.close();
});

test('a middle click on a dropdown result opens its page in a new tab and leaves this one as it was', async () => {
  const { page, context } = await site.open('docs/overview/intro/');
  await typeQuery(page, '固件升级');
  const second = page.locator('.navbar [role="option"]').nth(1);
  const href = (await second.getAttribute('href'))!;
  const opened = context.waitForEvent('page');
  await second.click({ button: 'middle' });
  const tab = await opened;
  await tab.waitForLoadState();
  assert.equal(decodeURI(new URL(tab.url()).pathname + new URL(tab.url()).hash), decodeURI(href));
  assert.equal(new URL(page.url()).pathname, '/docscenter/docs/overview/intro/');
  await context.close();
});

for (const width of [390, 1280]) {
  test(`at ${width} px a tap on a dropdown result opens its page`, async () => {
    const { page, context } = await site.open('docs/overview/intro/', { width, context: { hasTouch: true, isMobile: width < 997 } });
    const input = page.locator('.navbar .search-box__input');
    await input.tap();
    await input.fill('签名算法');
    const first = page.locator('.navbar .search-result').first();
    await resultsComplete(page);
    assert.deepEqual(await unreachableControls(page.locator('.navbar .search-box__dropdown')), []);
    const href = (await first.getAttribute('href'))!;
    await first.tap();
    await page.waitForFunction((h) => decodeURI(location.pathname + location.hash) === decodeURI(h), href);
    await context.close();
  });
}

test('Enter and the arrow keys do nothing while an input method is composing', async () => {
  const { page, context } = await site.open('docs/overview/intro/');
  const input = await typeQuery(page, 'sdk ');
  await page.keyboard.press('ArrowDown');
  const before = { url: page.url(), active: await input.getAttribute('aria-activedescendant') };
  const cdp = await context.newCDPSession(page);
  // Pinyin being composed: the keys go to the input method, not to the search box.
  await cdp.send('Input.imeSetComposition', { text: 'she', selectionStart: 3, selectionEnd: 3 });
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForTimeout(300);
  assert.equal(page.url(), before.url, 'Enter while composing opens nothing');
  assert.equal(await input.getAttribute('aria-activedescendant'), before.active, 'arrows while composing move nothing');
  // Committing the composition types the characters; after that the keys work again.
  await cdp.send('Input.insertText', { text: '设备' });
  assert.equal(await input.inputValue(), 'sdk 设备');
  await page.waitForFunction(() => document.querySelector('.navbar .search-result'));
  const committed = await input.getAttribute('aria-activedescendant');
  await page.keyboard.press('ArrowDown');
  assert.notEqual(await input.getAttribute('aria-activedescendant'), committed);
  await context.close();
});

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  tdur?: number;
  pid: number;
  tid: number;
  args?: { src_file?: string; src_func?: string; chrome_mojo_event_info?: { mojo_interface_tag?: string } };
}

/** A task of the page's main thread, from Chrome's trace: where it was posted from, its wall time and the CPU time the thread spent, in ms. */
interface MainThreadTask {
  task: string;
  wall: number;
  cpu: number;
  /** The kinds of event nested in the task, so that a failure says what the long one did (script, layout, a font). */
  within: string[];
}

/**
 * The tasks the page's main thread ran for it while `typing` ran. What Chrome's trace records there is not all the
 * page's: the trace spans `Tracing.start` to `Tracing.end` and also holds the renderer taking up tracing, the marks'
 * own evaluation and the frames after the typing; and the test's own driving (Playwright's `evaluate`, `click` and
 * `waitFor`) runs there as DevTools protocol messages, which the page's own long-task observer never reports (a
 * 120 ms `page.evaluate` is no long task to it, the same work in a timer is). So only the tasks between two marks the
 * page makes count, DevTools messages left out; the marks also name the page's main thread (the one that made them),
 * rather than whichever renderer's main thread the trace lists first.
 */
async function pageTasksWhile(page: Page, cdp: CDPSession, typing: () => Promise<void>): Promise<MainThreadTask[]> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['toplevel', 'blink.user_timing'], excludedCategories: ['*'] } });
  await page.evaluate(() => performance.mark('typing-start'));
  await typing();
  await page.evaluate(() => performance.mark('typing-end'));
  await cdp.send('Tracing.end');
  await done;
  const mark = (name: string) => events.find((event) => event.cat.includes('blink.user_timing') && event.name === name);
  const [start, end] = [mark('typing-start'), mark('typing-end')];
  assert.ok(start && end, 'the trace holds both marks');
  const onMainThread = events
    .filter((event) => event.pid === start.pid && event.tid === start.tid && event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  // A task and the events nested in it (a mojo message inside the task that received it).
  const tasks: TraceEvent[][] = [];
  for (const event of onMainThread) {
    const task = tasks.at(-1);
    if (task && event.ts < task[0].ts + task[0].dur!) task.push(event);
    else tasks.push([event]);
  }
  const fromDevTools = (task: TraceEvent[]) => task.some((event) => event.args?.chrome_mojo_event_info?.mojo_interface_tag?.startsWith('blink.mojom.DevTools'));
  // Chrome leaves out the thread time of events that used under a microsecond of CPU (microtask checkpoints): such an
  // event, preempted under load, must not count its wall time as CPU. That the trace has thread times at all is checked.
  assert.ok(onMainThread.some((event) => event.tdur !== undefined), 'the trace records thread time');
  return tasks
    .filter(([task]) => task.ts > start.ts && task.ts + task.dur! < end.ts)
    .filter((task) => !fromDevTools(task))
    .map(([task, ...nested]) => ({ task: task.args?.src_file ? `${task.args.src_file} ${task.args.src_func}` : task.name, wall: task.dur! / 1000, cpu: (task.tdur ?? 0) / 1000, within: [...new Set(nested.map((event) => event.name))].slice(0, 8) }));
}

test('typing a query causes no main-thread task over 50 ms, and the page itself fetches none of the index', async () => {
  const { page, context } = await site.open('docs/overview/intro/');
  await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __indexFetches: string[] };
    w.__longTasks = [];
    w.__indexFetches = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longTasks.push(Math.round(entry.duration));
    }).observe({ type: 'longtask' });
    // The window's own fetches only: the worker's are in the worker's timeline.
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (entry.name.includes('/assets/search/')) w.__indexFetches.push(entry.name);
    }).observe({ type: 'resource' });
  });
  const cdp = await context.newCDPSession(page);
  const tasks = await pageTasksWhile(page, cdp, async () => {
    await page.locator('.navbar .search-box__input').click();
    await page.keyboard.type('设备绑定失败 getDeviceList', { delay: 60 });
    await page.locator('.navbar .search-result').first().waitFor();
    await page.keyboard.type(' 1003', { delay: 60 });
    await page.locator('.navbar .search-result, .navbar .search-box__status').first().waitFor();
    await page.waitForTimeout(300);
  });
  const { longTasks, indexFetches } = await page.evaluate(() => {
    const w = window as unknown as { __longTasks: number[]; __indexFetches: string[] };
    return { longTasks: w.__longTasks, indexFetches: w.__indexFetches };
  });
  await context.close();
  assert.ok(tasks.length > 20, 'the trace saw the page typing');
  // The Performance API reports wall time, which other processes on this shared 2-core machine stretch; the trace
  // tells how much of a long task the main thread really spent working. A handler that blocks a keystroke for 150 ms
  // of CPU fails here; every task of this typing takes under 10 ms.
  const busy = tasks.filter((task) => task.cpu > 50);
  assert.deepEqual(busy, [], `main-thread tasks over 50 ms of CPU; PerformanceObserver long tasks (wall time): ${JSON.stringify(longTasks)}`);
  // This site's index is small enough that querying it on the main thread stays under 6 ms a task (about 30 ms in
  // all for this typing), which no CPU limit can tell from the worker; the index's files say where it was loaded.
  assert.deepEqual(indexFetches, [], 'the search worker, not the page, loads the index');
});

for (const width of [1280, 390]) {
  test(`the results page at ${width} px: inside the container, styled marks, true counts, and 没有找到 for no real match`, async () => {
    const { page, context } = await site.open('search/?q=' + encodeURIComponent('设备'), { width });
    await page.waitForFunction(() => document.querySelectorAll('.search-page__result').length === 50);
    const status = await page.locator('.search-page__status').innerText();
    const counts = /^显示前 50 条，共 (\d+) 条与“设备”相关的结果$/.exec(status);
    assert.ok(counts && Number(counts[1]) > 50, status);
    assert.equal(await page.locator('.search-page__result').count(), 50);
    const geometry = await page.evaluate(() => ({
      h1: document.querySelector('.search-page h1')!.getBoundingClientRect().left,
      input: document.querySelector('.search-page__input')!.getBoundingClientRect().toJSON() as DOMRect,
      main: document.querySelector('.search-page')!.getBoundingClientRect().toJSON() as DOMRect,
      viewport: innerWidth,
      mark: getComputedStyle(document.querySelector('.search-page__result mark')!).backgroundColor,
    }));
    assert.ok(geometry.h1 >= 16 && geometry.input.left >= 16 && geometry.input.right <= geometry.viewport - 16, JSON.stringify(geometry));
    if (width > 900) assert.ok(geometry.main.width <= 860 && Math.abs(geometry.main.left - (geometry.viewport - geometry.main.right)) <= 2, 'a centred reading column');
    assert.notEqual(geometry.mark, 'rgb(255, 255, 0)', 'not the browser yellow');
    await page.locator('.search-page__input').fill('完全不存在的词语zzz');
    await page.waitForFunction(() => document.querySelector('.search-page__status')?.textContent?.startsWith('没有找到'));
    assert.equal(await page.locator('.search-page__result').count(), 0);
    await context.close();
  });
}
