import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { repoRoot, withFixture } from '../helpers/fixtures.js';

// `npm run bench:parse` times the pipeline parseDoc really runs: each of its variants (MDX, with and without literal
// autolinks) is built inside parse-docs.ts, so a bench that built its own copy of the pipeline no longer ran.
test('bench:parse times every transformer of the variants parseDoc picks, MDX included', async () => {
  await withFixture('basic', async (site) => {
    await site.write('content/docs/mdx-page.mdx', '---\ntitle: MDX 页\n---\n\nexport const version = "1.2.0";\n\n## 一节\n\n当前版本 {version}。\n');
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(repoRoot, 'bench/parse-costs.ts'), site.root], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, BENCH_ROUNDS: '1' },
    });
    assert.equal(result.status, 0, result.stderr);
    const parts = new Map([...result.stdout.matchAll(/^\s*(\d+)\s{2}(.+)$/gm)].map((match) => [match[2], Number(match[1])]));
    for (const part of ['parseDoc, everything', 'parse: Markdown to mdast (markdown-it, micromark where it cannot be reproduced)', 'compile: hast to HTML', 'transform: remarkHeadingIds', 'transform: rehypeCodeBlocks', 'transform: remarkMdxContent']) {
      assert.ok(parts.has(part), `${part} is timed:\n${result.stdout}`);
    }
    // The fixture's Markdown docs take the fast front end, its MDX doc micromark.
    assert.match(result.stdout, /read by: markdown-it \d+, micromark [1-9]/);
  });
});
