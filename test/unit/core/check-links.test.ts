import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkLinks } from '../../../packages/core/src/links/check-links.js';

const page = (route: string, ids: string[], hrefs: string[]) => ({ route, kind: 'doc' as const, file: route.slice(1) + 'index.html', ids: new Set(ids), hrefs, sourceFile: `content${route}.md`, noindex: false });

const broken = (pages: ReturnType<typeof page>[]) =>
  checkLinks({ pages, sourceLinks: new Map(), themeLinks: [], otherFiles: new Set(), baseUrl: '/docscenter/' }).broken.map(({ href, reason }) => `${href} → ${reason}`);

test('anchors on the page itself resolve as the URL parser resolves them, plain or escaped, on plain and unusual routes', () => {
  const ids = ['设备绑定', 'a b', 'x%y', 'q', '𝔘'];
  const hrefs = ['#设备绑定', '#%E8%AE%BE%E5%A4%87%E7%BB%91%E5%AE%9A', '#a%20b', '#a b', '#x%25y', '#', '#q', '#缺少', '#%E7%BC%BA', '#𝔘'];
  // A plain route takes the shortcut for its plain anchors; a route with a space takes the URL parser.
  for (const route of ['/docscenter/docs/设备/', '/docscenter/docs/a b/']) {
    assert.deepEqual(broken([page(route, ids, hrefs)]), [`#缺少 → no anchor #缺少 on ${route}`, `#%E7%BC%BA → no anchor #缺 on ${route}`], route);
  }
  // The parser resolves a dot segment: an anchor on `/./c/` is one on `/c/`.
  assert.deepEqual(broken([page('/docscenter/docs/c/', ['q'], []), page('/docscenter/docs/./c/', [], ['#q', '#缺少'])]), ['#缺少 → no anchor #缺少 on /docscenter/docs/c/']);
});

test('a broken link is named where it is written, the n-th broken occurrence at the n-th place, whichever links resolve between', () => {
  const route = '/docscenter/docs/a/';
  const result = checkLinks({
    pages: [page(route, ['有'], ['#有', '#无', '#有', '#%E6%97%A0'])],
    sourceLinks: new Map([[route, [
      { href: '#有', written: '#有', line: 1, column: 1 },
      { href: '#无', written: '#无', line: 2, column: 1 },
      { href: '#有', written: '#有', line: 3, column: 1 },
      { href: '#无', written: '#无', line: 4, column: 1 },
    ]]]),
    themeLinks: [],
    otherFiles: new Set(),
    baseUrl: '/docscenter/',
  });
  assert.deepEqual(result.broken.map((link) => link.where), ['content/docscenter/docs/a/.md:2:1', 'content/docscenter/docs/a/.md:4:1']);
});
