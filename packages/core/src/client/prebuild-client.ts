import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildClientFiles, clientWorkingDir } from './bundle-theme.js';
import { prebuiltManifest } from './prebuilt-client.js';

/** Run by scripts/build-cli.mjs: compiles the client bundle into `dir` (dist/client/), as prebuilt-client.ts reads it. */
export async function prebuildClient(dir: string): Promise<void> {
  const client = await buildClientFiles();
  rmSync(dir, { recursive: true, force: true });
  for (const file of client.files) {
    mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    writeFileSync(path.join(dir, file.path), file.contents);
  }
  writeFileSync(path.join(dir, 'manifest.json'), prebuiltManifest(client, clientWorkingDir()));
}
