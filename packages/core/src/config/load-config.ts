import { openStampedEntry } from '../cache/stamped-entry.js';
import { bundleInputs } from '../client/bundle-theme.js';
import { esbuild } from '../esbuild.js';
import { bundleFingerprint } from '../worker-file.js';
import { access } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { z } from 'zod';
import { DocsgenError } from '../errors.js';
import { importModule } from '../import-module.js';
import { findDocusaurusConfig, readDocusaurusSite, type OutsideRoute } from '../docusaurus/docusaurus-config.js';
import { siteConfigSchema, type SiteConfig } from './schema.js';
import { validatedConfig } from './validated-config.js';

export const CONFIG_FILE = 'site.config.ts';

/** The validated configuration and where it came from. */
export interface LoadedConfig {
  config: SiteConfig;
  /** Absolute path of the site's root folder. */
  root: string;
  configFile: string;
  /** Settings of a Docusaurus configuration that docsgen does not carry out, one line each (empty for site.config.ts). */
  unsupported: string[];
  /** Routes of a Docusaurus site that docsgen does not build (pages, blogs, doc versions): links there are reported, not failed. */
  outsideRoutes: OutsideRoute[];
}

/**
 * Compiles site.config.ts with esbuild (or takes the compiled code from the cache folder while nothing it was compiled
 * from changed, cache/stamped-entry.ts), imports it and validates it against the schema (or takes the validated
 * configuration from the cache folder, validated-config.ts).
 */
export async function loadConfig(root: string, { cacheDir }: { cacheDir?: string } = {}): Promise<LoadedConfig> {
  const configFile = path.join(root, CONFIG_FILE);
  try {
    await access(configFile);
  } catch {
    const docusaurusConfig = findDocusaurusConfig(root);
    if (docusaurusConfig) {
      const site = await readDocusaurusSite(root, docusaurusConfig);
      return { config: validateConfig(site.input, site.configFile), root, configFile: docusaurusConfig, unsupported: site.unsupported, outsideRoutes: site.outsideRoutes };
    }
    throw new DocsgenError(`no ${CONFIG_FILE} in ${root}`, { hint: 'run docsgen in the folder that holds the site configuration (or a Docusaurus project), or pass --root' });
  }
  const raw = await importConfigModule(configFile, cacheDir);
  return { config: validatedConfig(raw, cacheDir, (plain) => validateConfig(plain, CONFIG_FILE)), root, configFile, unsupported: [], outsideRoutes: [] };
}

/** Loads so far: each load's module gets a URL of its own, so that it runs every time (`serve` loads it for every rebuild). */
let configLoads = 0;

/**
 * Runs the compiled configuration as an ES module from a `data:` URL: writing it to a temporary folder to import it
 * cost 3–5 ms of a rebuild (more when the disk is busy), against 0.4 ms this way. Its `import.meta.url`, `dirname` and
 * `filename` are site.config.ts's own (compileConfig), as a config that finds files beside itself expects.
 */
async function importConfigModule(configFile: string, cacheDir: string | undefined): Promise<unknown> {
  const code = await compiledConfig(configFile, cacheDir);
  try {
    const url = `data:text/javascript;base64,${Buffer.from(`${code}\n// load ${++configLoads}\n`).toString('base64')}`;
    const mod = await importWithin<{ default?: unknown }>(url, CONFIG_LOAD_TIMEOUT_MS);
    if (mod.default === undefined) throw new DocsgenError('the configuration has no default export', { location: { file: CONFIG_FILE }, hint: 'export default defineConfig({ … })' });
    return mod.default;
  } catch (error) {
    if (error instanceof DocsgenError) throw error;
    throw new DocsgenError(`the configuration threw while loading: ${(error as Error).message}`, { location: { file: CONFIG_FILE }, cause: error });
  }
}

/** The config's code, compiled; from the cache folder while nothing it was compiled from changed (its module still runs every build). */
async function compiledConfig(configFile: string, cacheDir: string | undefined): Promise<string> {
  const entry = cacheDir && openStampedEntry<string>(cacheDir, 'config', JSON.stringify(['config', bundleFingerprint('cli'), process.cwd(), configFile]));
  const stored = entry ? entry.load() : undefined;
  if (typeof stored === 'string') return stored;
  const compiled = await compileConfig(configFile);
  if (entry) entry.store(compiled.inputs, compiled.code);
  return compiled.code;
}

async function compileConfig(configFile: string): Promise<{ code: string; inputs: string[] }> {
  try {
    const result = await esbuild().build({
      entryPoints: [configFile],
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
      packages: 'bundle',
      define: { 'import.meta.url': JSON.stringify(pathToFileURL(configFile).href), 'import.meta.dirname': JSON.stringify(path.dirname(configFile)), 'import.meta.filename': JSON.stringify(configFile) },
    });
    return { code: result.outputFiles[0].text, inputs: bundleInputs(result.metafile) };
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
    throw new DocsgenError(`cannot compile the configuration: ${first?.text ?? String(error)}`, {
      location: { file: CONFIG_FILE, line: first?.location?.line, column: first?.location ? first.location.column + 1 : undefined },
    });
  }
}

/** How long site.config.ts may take to load (its top-level code and awaits). */
const CONFIG_LOAD_TIMEOUT_MS = 10_000;

/**
 * Imports a module, failing after a while if it never settles: a top-level `await` on a promise that never resolves
 * would otherwise leave nothing to run, and node would exit (code 13) without a word and without cleaning up.
 */
async function importWithin<T>(url: string, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DocsgenError(`the configuration did not finish loading within ${ms / 1000} s`, { location: { file: CONFIG_FILE }, hint: 'look for a top-level await that never resolves' })), ms);
  });
  try {
    return await Promise.race([importModule<T>(url), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Validates a raw configuration object; every problem is reported with its key path. */
export function validateConfig(raw: unknown, file: string): SiteConfig {
  const result = siteConfigSchema().safeParse(raw);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => describeIssue(issue, raw));
  throw new DocsgenError(`invalid configuration: ${problems[0]}`, { location: { file }, details: problems.slice(1) });
}

function describeIssue(issue: z.core.$ZodIssue, raw: unknown): string {
  const keyPath = formatKeyPath(issue.path);
  if (issue.code === 'invalid_union' && 'discriminator' in issue && issue.discriminator) {
    const kind = valueAt(raw, issue.path);
    const options = ((issue as { options?: unknown[] }).options ?? []).map(String).join(', ');
    return `${formatKeyPath(issue.path.slice(0, -1))}: unknown item ${String(issue.discriminator)} ${JSON.stringify(kind)} (expected one of: ${options})`;
  }
  if (issue.code === 'unrecognized_keys') return `${keyPath || '(root)'}: unknown key${issue.keys.length > 1 ? 's' : ''} ${issue.keys.map((k) => JSON.stringify(k)).join(', ')}`;
  return `${keyPath || '(root)'}: ${issue.message}`;
}

function formatKeyPath(parts: PropertyKey[]): string {
  return parts.map((part, i) => (typeof part === 'number' ? `[${part}]` : (i ? '.' : '') + String(part))).join('');
}

function valueAt(value: unknown, parts: PropertyKey[]): unknown {
  return parts.reduce<unknown>((current, key) => (current && typeof current === 'object' ? (current as Record<PropertyKey, unknown>)[key] : undefined), value);
}
