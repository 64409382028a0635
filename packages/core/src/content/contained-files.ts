import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import fg from 'fast-glob';
import { DocsgenError } from '../errors.js';
import { isWithin } from '../emit/output-folder.js';

/**
 * A check that a file the build reads and publishes really lies in one of the site's folders once symbolic links are
 * followed: `static/passwd -> /etc/passwd` or `content/docs/key.md -> ~/.ssh/id_rsa` must not reach the output.
 * Passes a missing file (the caller reports that in its own words).
 */
export async function containedIn(root: string, folders: string[]): Promise<(file: string) => Promise<void>> {
  const realFolders = (await Promise.all(folders.map((folder) => realpath(path.join(root, folder)).catch(() => undefined)))).filter((folder): folder is string => Boolean(folder));
  return async (file) => {
    const real = await realpath(path.join(root, file)).catch(() => undefined);
    if (real === undefined || realFolders.some((folder) => isWithin(real, folder))) return;
    throw new DocsgenError(`a symbolic link to ${real}, outside the ${folders.join(' and ')} folder${folders.length > 1 ? 's' : ''}`, {
      location: { file },
      hint: 'copy the file into the site instead of linking to it: everything the build reads may be published',
    });
  };
}

/**
 * Files matching a pattern in a folder of the site, and `wanted` when given, relative to that folder; names starting
 * with a dot only with `dot`. A symbolic link to a file counts when it stays inside the folder (else it is an error);
 * links to folders are not followed, so a link to a parent cannot make the walk endless. Only the entries wanted are
 * checked, so a link the site does not use is no error.
 */
export async function findSiteFiles(root: string, folder: string, pattern: string, { wanted = () => true, dot = false }: { wanted?: (file: string) => boolean; dot?: boolean } = {}): Promise<string[]> {
  const entries = await fg(pattern, { cwd: path.join(root, folder), onlyFiles: false, followSymbolicLinks: false, objectMode: true, dot });
  const assertContained = await containedIn(root, [folder]);
  const files = await Promise.all(
    entries.filter((entry) => wanted(entry.path)).map(async ({ path: file, dirent }) => {
      if (dirent.isFile()) return file;
      if (!dirent.isSymbolicLink()) return undefined;
      await assertContained(path.join(folder, file));
      const target = await stat(path.join(root, folder, file)).catch(() => undefined);
      return target?.isFile() ? file : undefined;
    }),
  );
  return files.filter((file): file is string => file !== undefined);
}
