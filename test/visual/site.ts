import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { build } from '../../packages/core/src/build.js';
import { repoRoot } from '../helpers/fixtures.js';
import { startStaticServer } from '../helpers/static-server.js';

export const BASELINES = path.join(repoRoot, 'test/visual/baselines');

/** The documentation centre built into a temporary folder and served under /docscenter/. */
export async function serveDocumentationCentre(): Promise<{ url: string; close(): Promise<void> }> {
  const outDir = await mkdtemp(path.join(os.tmpdir(), 'docsgen-visual-'));
  await build({ root: repoRoot, outDir, write: true });
  const server = await startStaticServer(outDir, '/docscenter/');
  return {
    url: server.url,
    async close() {
      await server.close();
      await rm(outDir, { recursive: true, force: true });
    },
  };
}
