import { test } from 'node:test';
import assert from 'node:assert/strict';
import { RecentPages } from '../../../theme/client/recent-pages.js';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const held = (pages: RecentPages<string>, paths: string[]) => paths.filter((path) => pages.get(path) !== undefined);

test('past its limit the least recently used page goes, a page read again counting as used', async () => {
  const pages = new RecentPages<string>(3, () => false);
  for (const path of ['/a/', '/b/', '/c/']) pages.set(path, Promise.resolve(path));
  await settle();
  await pages.get('/a/');
  pages.set('/d/', Promise.resolve('/d/'));
  await settle();
  assert.deepEqual(held(pages, ['/a/', '/b/', '/c/', '/d/']), ['/a/', '/c/', '/d/']);
});

test('the page kept (the one on screen) and loads under way are never dropped; they count once they no longer are', async () => {
  let shown = '/a/';
  const pages = new RecentPages<string>(2, (path) => path === shown);
  pages.set('/a/', Promise.resolve('/a/'));
  await settle();
  let finish!: (text: string) => void;
  pages.set('/b/', new Promise<string>((resolve) => (finish = resolve)));
  pages.set('/c/', Promise.resolve('/c/'));
  await settle();
  // /a/ is shown and /b/ still loading: the settled /c/ is the one to go, although the newest.
  assert.deepEqual(held(pages, ['/a/', '/b/', '/c/']), ['/a/', '/b/']);
  finish('/b/');
  shown = '/b/';
  await settle();
  assert.deepEqual(held(pages, ['/a/', '/b/']), ['/a/', '/b/'], 'two pages: within the limit');
  pages.set('/c/', Promise.resolve('/c/'));
  await settle();
  // /a/ is no longer on screen: the oldest, it goes.
  assert.deepEqual(held(pages, ['/a/', '/b/', '/c/']), ['/b/', '/c/']);
});

test('a failed load leaves, so the next request for the page tries again', async () => {
  const pages = new RecentPages<string>(2, () => false);
  const failed = Promise.reject(new Error('offline'));
  pages.set('/a/', failed);
  await failed.catch(() => undefined);
  await settle();
  assert.equal(pages.get('/a/'), undefined);
});
