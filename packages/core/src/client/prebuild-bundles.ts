import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildClientFiles, buildThemeServer, clientWorkingDir, type OutputFile } from './bundle-theme.js';
import { prebuiltManifest } from './prebuilt-client.js';
import { prebuiltThemeServerFiles } from './prebuilt-theme-server.js';

/**
 * Run by scripts/build-cli.mjs: compiles the bundles that depend on no site, the client into `distDir`/client/ (as
 * prebuilt-client.ts reads it) and the theme's server code into `distDir`/theme-server/ (prebuilt-theme-server.ts).
 */
export async function prebuildBundles(distDir: string): Promise<void> {
  const workingDir = clientWorkingDir();
  const [client, server] = await Promise.all([buildClientFiles(), buildThemeServer()]);
  writeFolder(path.join(distDir, 'client'), [...client.files, { path: 'manifest.json', contents: prebuiltManifest(client, workingDir) }]);
  writeFolder(path.join(distDir, 'theme-server'), prebuiltThemeServerFiles(server, workingDir));
}

function writeFolder(dir: string, files: OutputFile[]): void {
  rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    mkdirSync(path.dirname(path.join(dir, file.path)), { recursive: true });
    writeFileSync(path.join(dir, file.path), file.contents);
  }
}
