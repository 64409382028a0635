// `npm run compat -- <folder of a Docusaurus site> [--against <its Docusaurus build folder>]`: builds the site as a
// drop-in (into a temporary folder) and reports broken links with what Docusaurus would do, what docsgen does not
// support with counts, every page whose visible text is less than 95 % of its source's and, given Docusaurus's own
// build of the site, the pages it lacks and the words Docusaurus's pages show that docsgen's do not.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from '../packages/core/src/build.js';
import { textBeyond, textCoverage } from '../packages/core/src/docusaurus/text-coverage.js';
import { isDocsgenError } from '../packages/core/src/errors.js';

const MIN_COVERAGE = 0.95;

const folder = process.argv[2];
const againstAt = process.argv.indexOf('--against');
if (!folder || folder.startsWith('--') || (againstAt > 0 && !process.argv[againstAt + 1])) {
  console.error('usage: npm run compat -- <folder of a Docusaurus site> [--against <its Docusaurus build folder>]');
  process.exit(2);
}
const against = againstAt > 0 ? path.resolve(process.argv[againstAt + 1]) : undefined;
const root = path.resolve(folder);
const out = await mkdtemp(path.join(tmpdir(), 'docsgen-compat-'));

try {
  const start = performance.now();
  const result = await build({ root, outDir: out, write: true, force: true, onBrokenLinks: 'warn' });
  const seconds = (performance.now() - start) / 1000;
  const docPages = result.pages.filter((page) => page.kind === 'doc' && /\.mdx?$/.test(page.sourceFile));
  console.log(`${path.basename(root)}: ${result.stats.docs} docs, ${result.stats.pages} pages, built in ${seconds.toFixed(1)} s (${path.relative(process.cwd(), result.loaded.configFile)})`);

  const { broken, outside } = result.links;
  const onBrokenLinks = result.loaded.config.onBrokenLinks;
  console.log(`\nbroken links: ${broken.length}`);
  for (const link of broken) console.log(`  ${link.where}  ${link.href}  → ${link.reason}\n    Docusaurus resolves it the same way: broken there too (its onBrokenLinks is "${onBrokenLinks === 'throw' ? 'throw' : 'warn or log'}")`);
  console.log(`links to what Docusaurus builds and docsgen does not: ${outside.length}`);
  for (const link of outside) console.log(`  ${link.where}  ${link.href}  → ${link.reason}`);

  const unsupported = countBy([...result.loaded.unsupported.map((line) => line.split(/:\s/)[0].replace(/\[\d+\]/g, '[]')), ...result.warnings.filter((w) => !/ → /.test(w)).map(warningKind)]);
  console.log(`\nunsupported (setting or feature: count):`);
  for (const [kind, count] of [...unsupported].sort((a, b) => b[1] - a[1])) console.log(`  ${kind}: ${count}`);

  const low: string[] = [];
  const all: { line: string; ratio: number }[] = [];
  let sourceWords = 0;
  let shownWords = 0;
  for (const page of docPages) {
    const source = await sourceWithPartials(path.join(root, page.sourceFile), 0);
    const coverage = textCoverage(source, await readFile(path.join(out, page.file), 'utf8'));
    sourceWords += coverage.sourceWords;
    shownWords += coverage.shownWords;
    const line = `  ${page.sourceFile}  ${(coverage.ratio * 100).toFixed(1)} % (${coverage.shownWords}/${coverage.sourceWords}); missing: ${coverage.missing.join(' ')}`;
    if (coverage.ratio < MIN_COVERAGE) low.push(line);
    all.push({ line, ratio: coverage.ratio });
  }
  console.log(`\nvisible text: ${((shownWords / Math.max(sourceWords, 1)) * 100).toFixed(2)} % of the sources' words reach the pages (${shownWords} of ${sourceWords}); ${low.length} of ${docPages.length} pages below ${MIN_COVERAGE * 100} %`);
  for (const line of low) console.log(line);
  // The lowest pages, whatever their share, show what the measure counts as missing.
  console.log('lowest pages:');
  for (const { line } of all.sort((a, b) => a.ratio - b.ratio).slice(0, 5)) console.log(line);
  if (against) await compareWithDocusaurus(result.pages.filter((page) => page.kind === 'doc'), against);
} catch (error) {
  console.error(isDocsgenError(error) ? `docsgen: error: ${error.format()}` : error);
  process.exitCode = 1;
} finally {
  await rm(out, { recursive: true, force: true });
}

/**
 * Each docsgen doc page against the page of the same route in Docusaurus's build (`a/b/index.html`, or `a/b.html` with
 * trailingSlash false): the pages Docusaurus lacks, and the words its articles show that docsgen's do not. Interface
 * strings (badges, "On this page", admonition titles) and code split into other tokens show up there too.
 */
async function compareWithDocusaurus(pages: { file: string; route: string }[], buildDir: string): Promise<void> {
  const rows: { line: string; missing: number }[] = [];
  const absent: string[] = [];
  let otherWords = 0;
  let missingWords = 0;
  for (const page of pages) {
    const candidates = [page.file, page.file.replace(/\/index\.html$/, '.html')].map((file) => path.join(buildDir, file));
    const other = await readFirst(candidates);
    if (other === undefined) {
      absent.push(page.route);
      continue;
    }
    const beyond = textBeyond(other, await readFile(path.join(out, page.file), 'utf8'));
    otherWords += beyond.otherWords;
    missingWords += beyond.missingWords;
    rows.push({ line: `  ${page.route}  ${beyond.missingWords} of ${beyond.otherWords}; missing: ${beyond.missing.join(' ')}`, missing: beyond.missingWords });
  }
  console.log(`
against ${buildDir}: ${pages.length - absent.length} of ${pages.length} pages there; ${missingWords} of the ${otherWords} words of their articles are not on docsgen's`);
  for (const route of absent) console.log(`  not in Docusaurus's build: ${route}`);
  console.log('pages lacking the most:');
  for (const { line } of rows.sort((a, b) => b.missing - a.missing).slice(0, 10)) console.log(line);
}

async function readFirst(files: string[]): Promise<string | undefined> {
  for (const file of files) {
    const text = await readFile(file, 'utf8').catch(() => undefined);
    if (text !== undefined) return text;
  }
  return undefined;
}

/** A doc's source with the partials it uses appended, as their words belong on its page too. */
async function sourceWithPartials(file: string, depth: number): Promise<string> {
  const source = await readFile(file, 'utf8');
  if (depth > 4) return source;
  // Only the partials the doc shows (`<Name />`): an import alone puts nothing on the page.
  const partials = [...source.matchAll(/^import\s+(\w+)\s+from\s+['"]([^'"]+\.mdx?)['"]/gm)].filter((match) => new RegExp(`<${match[1]}[\\s/>]`).test(source)).map((match) => path.resolve(path.dirname(file), match[2]));
  const texts = await Promise.all(partials.map((partial) => sourceWithPartials(partial, depth + 1).catch(() => '')));
  return [source, ...texts.map((text) => text.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, ''))].join('\n\n');
}

/** `docs/a.md:3:1  unknown admonition ":::x", …` → `unknown admonition keyword`. */
function warningKind(warning: string): string {
  // The place (`file:line:column`, or the file alone) and the message are two spaces apart; file names may hold spaces.
  const message = warning.replace(/^.*?:\d+(?::\d+)? {2,}|^\S+ {2,}/, '');
  if (message.startsWith('unknown admonition')) return 'unknown admonition keyword';
  if (message.startsWith('unknown front matter key')) return 'unknown front matter key';
  if (message.startsWith('not valid MDX')) return '.md file that is not valid MDX (read as CommonMark)';
  if (/is not plain data; written as text/.test(message)) return 'MDX expression written as text';
  return message.slice(0, 60);
}

function countBy(values: string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return counts;
}
