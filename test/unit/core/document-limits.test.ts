import { test } from 'node:test';
import assert from 'node:assert/strict';
import { assertWithinLimits } from '../../../packages/core/src/markdown/document-limits.js';

/** The limits refuse what would stall the parser, and nothing a real reference page holds. */

const errorCodeTable = '| 错误码 | 含义 | 处理 |\n|---|---|---|\n' + Array.from({ length: 600 }, (_, i) => `| \`${1000 + i}\` | 设备错误 ${i} | 见 [说明](./codes.md#e${i}) |`).join('\n');
const apiList = Array.from({ length: 400 }, (_, i) => `- [\`api${i}\`](./api.md#api${i})：接口 *${i}*`).join('\n');
const orderedSteps = Array.from({ length: 400 }, (_, i) => `${i + 1}. 调用 \`step${i}\`，见 [步骤](./steps.md)`).join('\n');

test('a table of 600 error codes and lists of 400 API links are read: each row and item is matched on its own', () => {
  for (const body of [errorCodeTable, apiList, orderedSteps, `说明：\n${apiList}`, `> ${errorCodeTable.replace(/\n/g, '\n> ')}`]) {
    assert.doesNotThrow(() => assertWithinLimits(body, 'content/docs/ref.md', 4));
  }
});

test('lines that only look like table rows or list items are counted as the one paragraph they are', () => {
  const cases = [
    // Two header cells, three delimiter cells: no table, so every line continues the paragraph.
    ['a | b\n|---|---|---|\n' + '| *a |\n'.repeat(1_100), 'content/docs/x.md:4  a paragraph has 1100 runs'],
    // An ordered item other than 1. cannot interrupt a paragraph.
    ['正文\n' + '2. *a\n'.repeat(1_100), 'content/docs/x.md:4  a paragraph has 1100 runs'],
  ] as const;
  for (const [body, message] of cases) {
    assert.throws(() => assertWithinLimits(body, 'content/docs/x.md', 4), (error: Error & { format(): string }) => error.format().startsWith(message));
  }
});
