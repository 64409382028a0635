import { esbuild } from '../esbuild.js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import path from 'node:path';
import { DocsgenError } from '../errors.js';

const SOURCE_EXTENSIONS = ['.js', '.cjs', '.mjs', '.ts', '.cts', '.mts', '.json'];

/**
 * Evaluates a Docusaurus site's own module (its config or sidebars file) without the site's node_modules:
 * local files are compiled with esbuild and evaluated, Node built-ins are real, and every package the site
 * imports (presets, prism themes, remark plugins …) is an inert stand-in. docsgen reads the plain data of
 * these files; what the packages would compute is what it reports as unsupported.
 */
export function evaluateSiteModule(file: string, root: string): unknown {
  return new ModuleEvaluator(root).load(file);
}

class ModuleEvaluator {
  private readonly cache = new Map<string, unknown>();
  private readonly nodeRequire: NodeJS.Require;

  constructor(private readonly root: string) {
    this.nodeRequire = createRequire(path.join(root, 'noop.js'));
  }

  load(file: string): unknown {
    if (this.cache.has(file)) return this.cache.get(file);
    const relative = path.relative(this.root, file);
    const source = readFileSync(file, 'utf8');
    if (file.endsWith('.json')) return this.remember(file, parseJson(source, relative));
    let code: string;
    try {
      code = esbuild().transformSync(source, { loader: /\.[cm]?ts$/.test(file) ? 'ts' : 'js', format: 'cjs', platform: 'node', target: 'node20', sourcefile: relative }).code;
    } catch (error) {
      const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
      throw new DocsgenError(`cannot compile ${relative}: ${first?.text ?? String(error)}`, {
        location: { file: relative, line: first?.location?.line, column: first?.location ? first.location.column + 1 : undefined },
      });
    }
    const module = { exports: {} as unknown };
    this.cache.set(file, module.exports);
    const require = Object.assign((request: string) => this.require(request, file), {
      resolve: (request: string) => this.resolveLocal(request, file) ?? request,
    });
    try {
      new Function('module', 'exports', 'require', '__filename', '__dirname', code)(module, module.exports, require, file, path.dirname(file));
    } catch (error) {
      throw new DocsgenError(`${relative} threw while docsgen read it: ${(error as Error).message}`, { location: { file: relative }, cause: error });
    }
    return this.remember(file, module.exports);
  }

  private remember(file: string, value: unknown): unknown {
    this.cache.set(file, value);
    return value;
  }

  private require(request: string, from: string): unknown {
    const bare = request.replace(/^node:/, '');
    if (request.startsWith('node:') || builtinModules.includes(bare)) return this.nodeRequire(request);
    if (request.startsWith('.') || path.isAbsolute(request) || request.startsWith('@site/')) {
      const file = this.resolveLocal(request, from);
      return file ? this.load(file) : inertModule();
    }
    return inertModule();
  }

  private resolveLocal(request: string, from: string): string | undefined {
    const base = request.startsWith('@site/') ? path.join(this.root, request.slice('@site/'.length)) : path.resolve(path.dirname(from), request);
    const candidates = [base, ...SOURCE_EXTENSIONS.map((ext) => base + ext), ...SOURCE_EXTENSIONS.map((ext) => path.join(base, 'index' + ext))];
    return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
  }
}

function parseJson(source: string, file: string): unknown {
  try {
    return JSON.parse(source);
  } catch (error) {
    throw new DocsgenError(`invalid JSON: ${(error as Error).message}`, { location: { file } });
  }
}

/** A package the site imports but docsgen does not run: any property, call or construction gives the stand-in back. */
function inertModule(): unknown {
  const target = function inert() {};
  const proxy: unknown = new Proxy(target, {
    get: (_, key) => {
      if (key === Symbol.toPrimitive) return () => '';
      if (key === 'then' || key === '__esModule') return undefined;
      if (key === Symbol.iterator) return function* empty() {};
      return proxy;
    },
    apply: () => proxy,
    construct: () => proxy as object,
    ownKeys: () => ['prototype'],
  });
  return proxy;
}
