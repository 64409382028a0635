import { test } from 'node:test';
import assert from 'node:assert/strict';
import { HtmlValidate } from 'html-validate';
import { build } from '../../packages/core/src/build.js';
import { htmlValidateConfig } from '../helpers/html-validate-config.js';
import { copyFixture, repoRoot } from '../helpers/fixtures.js';

const validator = new HtmlValidate(htmlValidateConfig);

async function invalidPages(root: string): Promise<string[]> {
  const { files } = await build({ root, write: false });
  const problems: string[] = [];
  for (const file of files.filter((f) => f.path.endsWith('.html'))) {
    const report = await validator.validateString(String(file.contents), file.path);
    for (const message of report.results.flatMap((result) => result.messages)) problems.push(`${file.path}:${message.line}:${message.column} ${message.ruleId} ${message.message}`);
  }
  return problems;
}

test('every page of the fixture site is valid HTML', async () => {
  const site = await copyFixture('basic');
  try {
    assert.deepEqual(await invalidPages(site.root), []);
  } finally {
    await site.remove();
  }
});

test('every page of the documentation centre is valid HTML', async () => {
  assert.deepEqual((await invalidPages(repoRoot)).slice(0, 30), []);
});
