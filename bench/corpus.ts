import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * A deterministic, Docusaurus-compatible Markdown corpus of N pages: Chinese technical prose, headings
 * with explicit ids, tables, code in several languages, admonitions, valid cross-links with anchors,
 * and `_category_.json` folders. The same files build with docsgen and with Docusaurus.
 */
export interface CorpusOptions {
  pages: number;
  dir: string;
  /** Where docs/ and pages/ go, relative to dir. `serve` watches only `content/`, so its benchmark uses that. */
  contentDir?: string;
  /** Doc ids to use first (the page catalogue's), before generated `s0/c0/p0` ids fill up to `pages`. */
  ids?: string[];
}

/** The documentation centre's doc ids, one a line (`api/signature`), for a corpus shaped like the real site. */
export async function catalogueIds(): Promise<string[]> {
  const text = await readFile(new URL('../test/fixtures/page-catalogue.txt', import.meta.url), 'utf8');
  return text.split('\n').map((line) => line.trim()).filter((line) => line && !line.startsWith('#'));
}

export const TOPICS = ['设备绑定', '固件升级', '云存储', '实时预览', '双向对讲', '消息推送', '局域网直连', '低功耗唤醒', '物模型', '场景联动', '激活码', '子账号权限', '签名算法', '访问令牌', '网关子设备'];
export const VERBS = ['调用', '配置', '校验', '上报', '订阅', '重试', '缓存', '下发', '同步', '解析'];
export const OBJECTS = ['设备属性', '访问令牌', '回放片段', '升级任务', '推送通道', '中继地址', '物模型事件', '用户会话', '录像索引', '配网信息'];
const CLAUSES = ['在网络抖动时自动重连', '并在失败后按指数退避重试', '所有时间均为 Unix 毫秒时间戳', '需要先完成初始化', '结果通过回调返回', '超过上限时返回错误码 1009', '请在主线程之外执行', '支持中国大陆、新加坡、美国和法兰克福四个数据中心'];

function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(next: () => number, list: T[]): T => list[Math.floor(next() * list.length)];

function sentence(next: () => number): string {
  return `${pick(next, VERBS)}${pick(next, OBJECTS)}时，${pick(next, CLAUSES)}，${pick(next, CLAUSES)}。`;
}

function paragraph(next: () => number): string {
  return Array.from({ length: 3 + Math.floor(next() * 4) }, () => sentence(next)).join('');
}

const CODE: Record<string, string> = {
  c: '#include "xy_iot.h"\n\nint main(void) {\n    xy_iot_config_t cfg = { .product_key = "pk_abcdef123456" };\n    if (xy_iot_init(&cfg) != 0) {\n        return 1;\n    }\n    return xy_iot_connect();\n}',
  kotlin: 'XYIoT.device.getDeviceList(object : XYCallback<List<XYDevice>> {\n    override fun onSuccess(result: List<XYDevice>) = render(result)\n    override fun onError(error: XYError) = showError(error.code)\n})',
  swift: 'XYIoT.shared.device.getDeviceList { result in\n    switch result {\n    case .success(let devices): self.render(devices)\n    case .failure(let error): self.show(error)\n    }\n}',
  ts: "const sdk = new XYWebSDK({ appId: 'xy0123456789abcdef', region: 'cn' });\nconst player = sdk.createLivePlayer({ deviceId: 'XY-ABCDEF-123456', container });\nawait player.play();",
  json: '{\n  "code": 0,\n  "msg": "success",\n  "data": { "deviceId": "XY-ABCDEF-123456", "online": true }\n}',
  bash: "curl -X POST 'https://openapi.example.com/v1/scene/list' \\\n  -H 'Content-Type: application/json' \\\n  -d '{\"userId\": \"100200300\"}'",
};

/** Writes the corpus: `docs/` with sections of categories of pages, plus a docsgen site.config.ts. */
export async function writeCorpus({ pages, dir, contentDir = '.', ids: given = [] }: CorpusOptions): Promise<string[]> {
  await rm(dir, { recursive: true, force: true });
  const perCategory = 20;
  const categoriesPerSection = 10;
  const ids: string[] = given.slice(0, pages);
  for (let i = 0; ids.length < pages; i++) {
    const section = Math.floor(i / (perCategory * categoriesPerSection));
    const category = Math.floor(i / perCategory) % categoriesPerSection;
    ids.push(`s${section}/c${category}/p${i % perCategory}`);
  }
  const files: Promise<void>[] = [];
  const write = async (file: string, text: string) => {
    const target = file === 'site.config.ts' ? path.join(dir, file) : path.join(dir, contentDir, file);
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  };
  const folders = new Set<string>();
  ids.forEach((id, i) => {
    const next = random(i + 1);
    const topic = TOPICS[i % TOPICS.length];
    const target = ids[Math.floor(next() * ids.length)];
    const relative = path.posix.relative(path.posix.dirname(id), target) + '.md';
    const lang = Object.keys(CODE)[i % Object.keys(CODE).length];
    const sections = [1, 2, 3, 4].map((n) => `## ${topic}：第 ${n} 部分 {#part-${n}}\n\n${paragraph(next)}\n\n### 细节 ${n} {#detail-${n}}\n\n${paragraph(next)}\n`).join('\n');
    const body = `---
title: ${topic}（第 ${i} 篇）
sidebar_position: ${i % perCategory}
description: 关于${topic}的第 ${i} 篇测试文档。
---

${paragraph(next)}

:::tip 提示
${sentence(next)}参见[相关文档](${relative}#part-2)。
:::

${sections}
| 参数 | 类型 | 说明 |
|---|---|---|
| deviceId | string | ${sentence(next)} |
| region | string | ${sentence(next)} |

\`\`\`${lang} title="example.${lang}"
${CODE[lang]}
\`\`\`

:::warning
${sentence(next)}
:::

回到[本页第一部分](#part-1)，或继续阅读[下一篇](${path.posix.relative(path.posix.dirname(id), ids[(i + 1) % ids.length])}.md)。
`;
    files.push(write(`docs/${id}.md`, body));
    for (let folder = path.posix.dirname(id); folder !== '.'; folder = path.posix.dirname(folder)) folders.add(folder);
  });
  for (const folder of folders) {
    const name = folder.split('/').at(-1)!;
    const generated = /^[sc]\d+$/.test(name);
    const label = !generated ? name : folder.includes('/') ? `分类 ${name.slice(1)}` : `章节 ${name.slice(1)}`;
    const position = generated ? Number(name.slice(1)) : [...folders].indexOf(folder);
    files.push(write(`docs/${folder}/_category_.json`, JSON.stringify({ label, position, collapsed: true }) + '\n'));
  }
  files.push(write('pages/index.tsx', `export default function Home() {\n  return <h1>基准测试站点</h1>;\n}\n`));
  files.push(
    write(
      'site.config.ts',
      `import { defineConfig } from '@docsgen/core/config';\n\nexport default defineConfig({\n  title: '基准测试站点',\n  url: 'https://docs.example.com',\n  baseUrl: '/docscenter/',\n  contentDir: '${contentDir}',\n  mainDocId: '${ids[0]}',\n  navbar: { title: '基准', logo: { src: 'img/logo.svg', alt: '标志' }, items: [{ type: 'doc', docId: '${ids[0]}', label: '文档' }, { type: 'search' }] },\n  footer: { copyright: 'Copyright © 2025' },\n  colorMode: { defaultMode: 'light', disableSwitch: true },\n});\n`,
    ),
  );
  await Promise.all(files);
  return ids;
}
