import assert from 'node:assert/strict';
import { test } from 'node:test';
import { textRuns } from '@docsgen/shared';
import { cjkPairRuns, pairsByWord } from '../../../packages/core/src/search/pairs-by-word.js';

test('cjkPairRuns gives exactly the CJK runs of two characters or more that the tokenizer reads', () => {
  // Han, kana with its long-vowel mark, a lone character between Latin words, an astral Han character alone and in a run.
  const text = '设备绑定失败 getDeviceList 与 SDK 的 アップデート 中ー 𠀋 𠀋𠀋 点v2.0版本 网关';
  const expected = textRuns(text).filter((run) => run.kind === 'cjk' && Array.from(run.text).length >= 2).map((run) => run.text);
  assert.deepEqual(cjkPairRuns(text), expected);
  assert.deepEqual(expected, ['设备绑定失败', 'アップデート', '中ー', '𠀋𠀋', '版本', '网关']);
  assert.deepEqual(cjkPairRuns('only latin, 1 2 3 与'), []);
});

test('pairsByWord sorts a run\'s pairs into those inside words and those across two', () => {
  const { inside, across } = pairsByWord('设备绑定失败 与 getDeviceList');
  assert.ok(inside.includes('设备') && inside.includes('失败'), JSON.stringify(inside));
  assert.ok(across.includes('备绑') && across.includes('定失'), JSON.stringify(across));
  assert.ok(!inside.includes('绑定') && !across.includes('绑定'), 'two lone characters are neither');
});
