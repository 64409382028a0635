import { readFile, writeFile } from 'node:fs/promises';
import { serve } from '../packages/core/src/serve.js';
import { repoRoot } from './helpers/fixtures.js';
const server = await serve({ root: repoRoot, port: 0, host: '127.0.0.1', log: (m) => console.log(m.slice(0, 300)) });
const file = repoRoot + '/content/docs/faq/account.md';
const original = await readFile(file, 'utf8');
for (let i = 0; i < 3; i++) { await writeFile(file, original + `\n\n补充说明 ${i}。\n`); await server.rebuilt(); await new Promise((r) => setTimeout(r, 1500)); }
await writeFile(file, original);
await server.close();
