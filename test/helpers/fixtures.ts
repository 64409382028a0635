import { cp, mkdir, mkdtemp, rm, writeFile, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const tmpRoot = path.join(repoRoot, '.tmp-tests');

/** A writable copy of a fixture site inside the repository (so its config resolves docsgen's packages). */
export async function copyFixture(name: string): Promise<FixtureSite> {
  await mkdir(tmpRoot, { recursive: true });
  const root = await mkdtemp(path.join(tmpRoot, `${name}-`));
  await cp(path.join(repoRoot, 'test/fixtures', name), root, { recursive: true });
  return new FixtureSite(root);
}

export class FixtureSite {
  constructor(readonly root: string) {}

  file(relative: string): string {
    return path.join(this.root, relative);
  }

  async write(relative: string, contents: string | Uint8Array): Promise<void> {
    await mkdir(path.dirname(this.file(relative)), { recursive: true });
    await writeFile(this.file(relative), contents);
  }

  read(relative: string): Promise<string> {
    return readFile(this.file(relative), 'utf8');
  }

  async edit(relative: string, change: (text: string) => string): Promise<void> {
    await this.write(relative, change(await this.read(relative)));
  }

  remove(): Promise<void> {
    return rm(this.root, { recursive: true, force: true });
  }
}

/** Runs `work` on a fresh copy of a fixture site, removed afterwards whatever happens. */
export async function withFixture(name: string, work: (site: FixtureSite) => Promise<void>): Promise<void> {
  const site = await copyFixture(name);
  try {
    await work(site);
  } finally {
    await site.remove();
  }
}
