import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkAllFacts, findStatements, formatFinding, lineOf, loadFacts, loadPages, type Finding, type Pages } from '../helpers/content-facts.js';
import { formatMismatch, staleDifferences, twinMismatches, twinTopics, type TwinDifference } from '../helpers/twin-pages.js';
import { repoRoot } from '../helpers/fixtures.js';

/** The documentation centre states each platform fact with one value, and its Android and iOS pages describe one SDK. */
const facts = loadFacts(repoRoot);
const pages = loadPages(repoRoot);
const differences = facts.twinDifferences;

/** A known-bad edit: the contradiction as it stood in a page before issue 18 fixed it. */
interface Regression {
  issue: string;
  file: string;
  fixed: string;
  broken: string;
  /** The fact whose check must report the edit, and the page it is reported on (the edited page unless given). */
  fact: string;
  reportedIn?: string;
}

const regressions: Regression[] = [
  {
    issue: '1: scene event identifier motion_detected',
    file: 'api/cloud-api/scene/scene_update.md',
    fixed: '"identifier": "motion" }',
    broken: '"identifier": "motion_detected" }',
    fact: 'camera-standard-identifiers',
  },
  {
    issue: '2: property identifier motion_detect',
    file: 'app/android/thing_model.md',
    fixed: 'PROP_MOTION = "motion_detect_enabled"',
    broken: 'PROP_MOTION = "motion_detect"',
    fact: 'camera-standard-identifiers',
  },
  {
    issue: '2: property identifier night_vision',
    file: 'app/ios/thing_model.md',
    fixed: '夜视模式 `night_vision_mode`',
    broken: '夜视模式 `night_vision`',
    fact: 'camera-standard-identifiers',
  },
  {
    issue: '3: enum mapped to Long',
    file: 'app/android/thing_model.md',
    fixed: '`enum` 为 `String`',
    broken: '`enum` 为 `Long`',
    fact: 'thing-model-enum-value',
  },
  {
    issue: '3: data types text and array',
    file: 'app/android/thing_model.md',
    fixed: '`string` 为 `String`，`struct` 为 `Map<String, Any>`。',
    broken: '`text` 为 `String`，`struct` 为 `Map<String, Any>`，`array` 为 `List<Any>`。',
    fact: 'thing-model-data-types',
  },
  {
    issue: '4: device name 1–20',
    file: 'app/android/device_mgr.md',
    fixed: '设备名称，主人设置，1–32 个字符',
    broken: '设备名称，主人设置，1–20 个字符',
    fact: 'device-name-length',
  },
  {
    issue: '5: verification code valid 10 minutes',
    file: 'app/ios/account.md',
    fixed: '发送 6 位数字验证码，5 分钟内有效',
    broken: '发送 6 位数字验证码，10 分钟内有效',
    fact: 'verify-code-lifetime',
  },
  {
    issue: '6: unknown account at login returns 1001',
    file: 'app/android/account.md',
    fixed: '密码登录。账号在当前数据中心不存在时返回 2001；密码错误返回 1001；',
    broken: '用密码登录。账号不存在和密码错误都返回 1001，不区分二者；',
    fact: 'unknown-account-code',
  },
  {
    issue: '7: a device in several groups',
    file: 'app/ios/device_group.md',
    fixed: '一台设备在同一个用户名下最多属于一个分组',
    broken: '同一台设备可以同时出现在多个分组中',
    fact: 'device-groups-per-device',
  },
  {
    issue: '7: group names 1–20 on Android',
    file: 'app/android/device_group.md',
    fixed: '分组名称 1–32 个字符',
    broken: '分组名称 1–20 个字符',
    fact: 'app-group-name-length',
  },
  {
    issue: '8: service call timeout 1–30',
    file: 'api/cloud-api/thing-model/thing_service_invoke.md',
    fixed: '等待设备回复的秒数，1–10，默认 5',
    broken: '等待设备回复的秒数，1–30，默认 5',
    fact: 'cloud-thing-timeout-range',
  },
  {
    issue: '9: SDK waits 10 s for the device',
    file: 'app/android/thing_model.md',
    fixed: '| `TIMEOUT` | 指令已送达，设备没有在 5 秒内回复 |',
    broken: '| `TIMEOUT` | 指令已送达，设备没有在 10 秒内回复 |',
    fact: 'app-sdk-thing-wait',
  },
  {
    issue: '9: setProperties waits at most 10 s',
    file: 'app/android/thing_model.md',
    fixed: '一次设置 1–20 个属性，等待设备回复，最长 5 秒',
    broken: '一次设置一个或多个属性，等待设备回复，最长 10 秒',
    fact: 'app-sdk-thing-wait',
  },
  {
    issue: '10: SD-card playback over HLS and FLV',
    file: 'web/index.md',
    fixed: '它通过 WebRTC 播放实时画面、进行双向对讲和回放 SD 卡录像，通过 HLS 回放云存储录像；在不允许 WebRTC 的网络中，实时画面可以降级为 HTTPS-FLV。',
    broken: '它通过 WebRTC 播放实时画面和进行双向对讲，通过 HLS 和 FLV 回放 SD 卡与云存储录像，',
    fact: 'web-sdcard-transport',
  },
  {
    issue: '11: maven repository in app/build.gradle.kts',
    file: 'manual/app/config/appsdk.md',
    fixed: '```kotlin title="app/build.gradle.kts"\ndependencies {',
    broken: '```kotlin title="app/build.gradle.kts"\nrepositories {\n    maven { url = uri("https://maven.example.com/repository/xiyun") }\n}\n\ndependencies {',
    fact: 'android-maven-repository',
  },
  {
    issue: '12: the App shows 休眠中',
    file: 'device/deviceSdk/lowpower.md',
    fixed: '控制台的「运维 > 设备」据此把休眠的设备显示为“休眠中”而不是“离线”。',
    broken: 'App 和云端据此把设备的休眠状态显示为“休眠中”而不是“离线”。',
    fact: 'app-sleeping-state',
  },
  {
    issue: '13: iOS scene property action with identifier and value',
    file: 'app/ios/scene.md',
    fixed: 'case property(deviceId: String, params: [String: Any])',
    broken: 'case property(deviceId: String, identifier: String, value: Any)',
    fact: 'scene-property-action',
  },
  {
    issue: '14: start_record output fileName',
    file: 'app/ios/thing_model.md',
    fixed: 'reply.output["duration"]',
    broken: 'reply.output["fileName"]',
    fact: 'start-record-output',
  },
  {
    issue: '15: getThingModel(productKey:) on iOS',
    file: 'app/ios/thing_model.md',
    fixed: 'getThingModel(deviceId: String',
    broken: 'getThingModel(productKey: String',
    fact: 'get-thing-model-parameter',
  },
  {
    issue: '15: XYServiceResult on iOS',
    file: 'app/ios/thing_model.md',
    fixed: 'public struct XYServiceInvokeResult {',
    broken: 'public struct XYServiceResult {',
    fact: 'service-result-type',
  },
  {
    issue: '16: products run in the default datacenter',
    file: 'faq/account.md',
    fixed: '它只决定控制台默认显示哪个数据中心的数据、示例代码默认填写的 `region` 等，不决定产品在哪里运行：产品不属于任何数据中心，',
    broken: '注册时选择的数据中心决定你的产品和设备默认在哪里运行，',
    fact: 'product-datacenter',
  },
  {
    issue: '16: datacenter confirmed at first login',
    file: 'overview/quickstart.md',
    fixed: '2. 注册时选择“默认数据中心”，它在注册后不能更改。',
    broken: '2. 第一次登录时确认你的数据中心。',
    fact: 'default-datacenter-chosen',
  },
  {
    issue: '17: 1009 given for verification-code throttling and lockout, which the error-code page lacks',
    file: 'api/errorcode.md',
    fixed: '单个 appId 每秒请求超过 20 次（默认限额）；App SDK 账号接口中，同一账号 60 秒内重复发送验证码或当天发送超过 10 次，或连续 5 次输错密码后处于 15 分钟的锁定期 |',
    broken: '单个 appId 每秒请求超过 20 次（默认限额） |',
    fact: 'error-1009-causes',
    reportedIn: 'app/ios/account.md',
  },
];

function withEdit(site: Pages, file: string, edit: (text: string) => string): Pages {
  const copy = new Map(site);
  copy.set(file, edit(site.get(file) ?? ''));
  return copy;
}

test('every page states every shared fact with its one value', () => {
  assert.ok(facts.facts.length >= 40, 'the facts list covers limits, identifiers, timeouts, lifetimes and prices');
  assert.deepEqual(checkAllFacts(facts, pages).map(formatFinding), []);
});

test('every fact is stated somewhere: a pattern that finds nothing would check nothing', () => {
  assert.deepEqual(facts.facts.filter((fact) => findStatements(fact, pages).length === 0).map((fact) => fact.id), []);
});

test('the error-code page gives each code its meaning', () => {
  const master = pages.get('api/errorcode.md')!;
  const broken = withEdit(pages, 'api/errorcode.md', (text) => text.replace('| 2005 | 分享人数已达上限 |', '| 2005 | 分享失败 |'));
  assert.ok(master.includes('| 2005 | 分享人数已达上限 |'));
  const findings = checkAllFacts(facts, broken);
  assert.deepEqual(findings.map((finding) => finding.fact), ['error-2005']);
});

for (const regression of regressions) {
  test(`the check catches issue 18 case ${regression.issue}`, () => {
    const original = pages.get(regression.file);
    assert.ok(original, `${regression.file} exists`);
    assert.ok(original.includes(regression.fixed), `${regression.file} still holds the fixed text "${regression.fixed}"`);
    const broken = withEdit(pages, regression.file, (text) => text.replace(regression.fixed, regression.broken));
    const edited = broken.get(regression.file)!;
    const findings: Finding[] = checkAllFacts(facts, broken);
    const reportedIn = regression.reportedIn ?? regression.file;
    const hit = findings.find((finding) => finding.fact === regression.fact && finding.file === reportedIn);
    assert.ok(hit, `no [${regression.fact}] finding in ${reportedIn}; got:\n${findings.map(formatFinding).join('\n')}`);
    if (!regression.reportedIn) {
      const first = lineOf(edited, edited.indexOf(regression.broken));
      const last = first + regression.broken.split('\n').length - 1;
      assert.ok(hit.line >= first && hit.line <= last, `reported at line ${hit.line}, the edit is at lines ${first}–${last}`);
    }
    assert.match(formatFinding(hit), new RegExp(`^content/docs/${reportedIn.replace(/[.]/g, '\\.')}:\\d+: \\[${regression.fact}\\] `));
  });
}

test('the Android and iOS pages of each App SDK topic declare the same methods and error codes, or facts.json says why not', () => {
  assert.ok(twinTopics(pages).length >= 20);
  assert.deepEqual(twinMismatches(pages, differences).map(formatMismatch), []);
  assert.deepEqual(staleDifferences(pages, differences), []);
  for (const difference of differences) assert.ok(difference.why.length >= 20, `${difference.topic}: say why the platforms differ`);
});

test('the twin check catches an API that drifts apart: the iOS thing model observing properties only', () => {
  const broken = withEdit(pages, 'app/ios/thing_model.md', (text) =>
    text.replace(
      '    public func addThingListener(deviceId: String, listener: XYThingListener)\n    public func removeThingListener(deviceId: String, listener: XYThingListener)\n',
      '    public func observeProperties(deviceId: String, handler: @escaping ([String: Any]) -> Void) -> XYObservation\n',
    ),
  );
  assert.notEqual(broken.get('app/ios/thing_model.md'), pages.get('app/ios/thing_model.md'));
  assert.deepEqual(twinMismatches(broken, differences).map(formatMismatch).sort(), [
    'app/android/thing_model.md has method addThingListener; app/ios/thing_model.md lacks it and content/facts.json documents no difference',
    'app/android/thing_model.md has method removeThingListener; app/ios/thing_model.md lacks it and content/facts.json documents no difference',
    'app/ios/thing_model.md has method observeProperties; app/android/thing_model.md lacks it and content/facts.json documents no difference',
  ]);
});

test('the twin check catches code login and deleteAccount missing on one platform', () => {
  const broken = withEdit(pages, 'app/android/account.md', (text) =>
    text.replace('    fun deleteAccount(verifyCode: String, callback: XYCallback<Unit>)\n', ''),
  );
  assert.deepEqual(twinMismatches(broken, differences).map(formatMismatch), [
    'app/ios/account.md has method deleteAccount; app/android/account.md lacks it and content/facts.json documents no difference',
  ]);
});

test('the twin check compares the error codes of twin pages', () => {
  const broken = withEdit(pages, 'app/ios/device_share.md', (text) => text.replace('| 2002 | 设备不存在 | 刷新设备列表 |\n', ''));
  assert.deepEqual(twinMismatches(broken, differences).map(formatMismatch), [
    'app/android/device_share.md has error code 2002; app/ios/device_share.md lacks it and content/facts.json documents no difference',
  ]);
});

test('a documented difference that is no longer true fails', () => {
  const stale: TwinDifference = { topic: 'thing_model.md', android: ['addThingListener'], ios: [], why: 'a difference that the pages no longer have' };
  assert.deepEqual(staleDifferences(pages, [stale]), ['thing_model.md: android addThingListener']);
});
