import { copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DocsgenError } from '../errors.js';
import { sameStamp, stampOf, type FileStamp } from './previous-output.js';

/** Files of the previous output the new one holds unchanged (output-relative path → the stamp they were checked with). */
export type CarriedFiles = Map<string, FileStamp>;

/** In the previous output while its files move into the new one: the paths moved, so that a killed build can put them back. */
const JOURNAL = '.docsgen-carried';

/**
 * Moves the carried files from the previous output (just renamed aside, under the swap lock) into the staging folder:
 * a folder whose files are all carried and in which the build wrote nothing moves in one rename, the other carried
 * files one by one. Each file is checked against its stamp again (another build may have swapped the output since it
 * was checked); a folder holding anything else (a file not carried, a link, a file changed since) is not moved whole.
 * The paths are written to a journal first: a build killed while moving leaves it for recoverCarried. Any error
 * moves everything back before it is thrown, so the previous output is whole again.
 */
export function moveCarried(previous: string, staging: string, carried: CarriedFiles): void {
  if (!carried.size) return;
  const moves = carriedPaths(previous, staging, carried);
  writeFileSync(path.join(previous, JOURNAL), moves.join('\n'));
  const moved: string[] = [];
  try {
    for (const move of moves) {
      mkdirSync(path.dirname(path.join(staging, move)), { recursive: true });
      renameSync(path.join(previous, move), path.join(staging, move));
      moved.push(move);
    }
  } catch (error) {
    moveBack(previous, staging, moved);
    throw error;
  }
}

/** After a failed swap: what moveCarried moved goes back into the previous output, and its journal is removed. */
export function moveBack(previous: string, staging: string, moved = readJournal(previous)): void {
  for (const move of moved.reverse()) {
    if (existsSync(path.join(previous, move)) || !existsSync(path.join(staging, move))) continue;
    mkdirSync(path.dirname(path.join(previous, move)), { recursive: true });
    renameSync(path.join(staging, move), path.join(previous, move));
  }
  rmSync(path.join(previous, JOURNAL), { force: true });
}

/**
 * A previous output that a killed build left: whether it is whole, its files moved out brought back from the staging
 * folder first. One whose staging folder is gone was swapped out already and lacks the files that moved on: not whole.
 */
export function recoverCarried(previous: string, staging: string): boolean {
  if (!existsSync(path.join(previous, JOURNAL))) return true;
  if (!existsSync(staging)) return false;
  moveBack(previous, staging);
  return true;
}

/**
 * When the output cannot be renamed aside (a mount point, whose contents are then replaced), the carried files are
 * hard-linked into the staging folder instead, or copied where the staging folder lies on another file system.
 */
export function linkCarried(outDir: string, staging: string, carried: CarriedFiles): void {
  for (const [file, stamp] of carried) {
    const from = path.join(outDir, file);
    if (!sameStamp(stampOf(from), stamp)) throw changedWhileBuilding(file);
    mkdirSync(path.dirname(path.join(staging, file)), { recursive: true });
    try {
      linkSync(from, path.join(staging, file));
    } catch {
      copyFileSync(from, path.join(staging, file));
    }
  }
}

/**
 * The fewest paths to move: walks the previous output once; a folder is moved whole when every file in it is carried
 * and unchanged and the staging folder holds nothing of it. A carried file that changed since it was checked throws:
 * the build cannot vouch for what it would publish.
 */
function carriedPaths(previous: string, staging: string, carried: CarriedFiles): string[] {
  // Folders of the staging folder (as output-relative paths with `/`) and their parents: none of them can move whole.
  const written = new Set<string>();
  for (const entry of readdirSync(staging, { recursive: true, withFileTypes: true })) {
    const folder = path.relative(staging, entry.isDirectory() ? path.join(entry.parentPath, entry.name) : entry.parentPath).split(path.sep).join('/');
    for (let dir = folder; dir && !written.has(dir); dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '') written.add(dir);
  }
  const found = new Set<string>();
  const walk = (dir: string): { whole: boolean; moves: string[] } => {
    const entries = readdirSync(path.join(previous, dir), { withFileTypes: true });
    let whole = entries.length > 0 && dir !== '' && !written.has(dir);
    const moves: string[] = [];
    for (const entry of entries) {
      const file = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        const inner = walk(file);
        whole &&= inner.whole;
        moves.push(...inner.moves);
      } else if (entry.isFile() && carried.has(file)) {
        if (!sameStamp(stampOf(path.join(previous, file)), carried.get(file)!)) throw changedWhileBuilding(file);
        found.add(file);
        moves.push(file);
      } else {
        whole = false;
      }
    }
    return whole ? { whole, moves: [dir] } : { whole, moves };
  };
  const moves = walk('').moves;
  for (const file of carried.keys()) if (!found.has(file)) throw changedWhileBuilding(file);
  return moves;
}

function changedWhileBuilding(file: string): DocsgenError {
  return new DocsgenError(`${file} of the previous output changed while the build ran (another build into the same folder?); the previous output was left as it was`, { hint: 'build again' });
}

function readJournal(previous: string): string[] {
  try {
    return readFileSync(path.join(previous, JOURNAL), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
}
