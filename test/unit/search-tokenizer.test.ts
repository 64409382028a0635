import assert from 'node:assert/strict';
import { test } from 'node:test';
import { tokenize, tokenizeQuery } from '@docsgen/shared';

/** True when every term of the query occurs among the text's terms: what the index needs to find it. */
const finds = (text: string, query: string) => {
  const terms = new Set(tokenize(text));
  return tokenizeQuery(query).every((term) => terms.has(term));
};

test('Chinese runs become overlapping bigrams, so words inside longer runs are found', () => {
  assert.deepEqual(tokenize('设备绑定失败'), ['设备', '备绑', '绑定', '定失', '失败']);
  assert.ok(finds('设备绑定失败', '绑定'));
  assert.ok(finds('固件升级', '固件'));
  assert.ok(finds('开通云存储套餐', '云存储'));
  assert.ok(!finds('设备定绑', '绑定'));
});

test('a one-character run is kept as is', () => {
  assert.deepEqual(tokenize('码'), ['码']);
  assert.deepEqual(tokenize('第 3 步'), ['第', '3', '步']);
});

test('API names are kept whole, lowercased, and split into parts', () => {
  assert.deepEqual(tokenize('getDeviceList'), ['getdevicelist', 'get', 'device', 'list']);
  assert.deepEqual(tokenize('XYIoT.init'), ['xyiot.init', 'xyiot', 'init']);
  assert.ok(finds('调用 XYIoT.init(this) 初始化', 'XYIoT.init'));
  assert.ok(finds('Android 用 XYIoT.device.getDeviceList(callback)', 'getDeviceList'));
  assert.deepEqual(tokenize('iOS'), ['ios']);
  assert.deepEqual(tokenize('X-XY-Signature'), ['x-xy-signature', 'xy', 'signature']);
});

test('numbers and acronyms are kept whole', () => {
  assert.deepEqual(tokenize('错误码 1003'), ['错误', '误码', '1003']);
  assert.ok(finds('签名校验失败时云端返回 1003。', '1003'));
  assert.deepEqual(tokenize('OTA升级'), ['ota', '升级']);
  assert.ok(finds('固件升级（OTA）', 'ota'));
});

test('punctuation and spaces only separate', () => {
  assert.deepEqual(tokenize('「固件」、（升级）！'), ['固件', '升级']);
  assert.deepEqual(tokenize('  '), []);
});

test('words of the user dictionary are also kept whole', () => {
  assert.deepEqual(tokenize('完成联网配置后', { dictionary: ['联网配置', '物模型'] }), ['完成', '成联', '联网', '网配', '配置', '置后', '联网配置']);
});

test('query terms are unique', () => {
  assert.deepEqual(tokenizeQuery('绑定 绑定'), ['绑定']);
});
