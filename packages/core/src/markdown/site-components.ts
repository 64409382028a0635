import { esbuild } from '../esbuild.js';
import path from 'node:path';
import type { RootContent } from 'mdast';
import * as React from 'react';
import * as jsxRuntime from 'react/jsx-runtime';
import { renderToStaticMarkup } from 'react-dom/server';
import { DocsgenError, type ErrorLocation } from '../errors.js';

/** Where the doc's JSX children go in the component's output; replaced by the children themselves. */
const CHILDREN_SLOT = 'docsgen-children-slot';

const componentCache = new Map<string, React.ComponentType<Record<string, unknown>>>();

export interface SiteComponentUse {
  /** The component's module, absolute (`<root>/src/components/Foo`, with or without extension). */
  file: string;
  root: string;
  props: Record<string, unknown>;
  children: RootContent[];
  where: ErrorLocation;
}

/**
 * Renders a React component of the site (`@site/src/components/…`) at build time, as Docusaurus's server render does.
 * Its HTML goes on as raw HTML, so the sanitiser sees it; the doc's children between its tags stay Markdown.
 * Effects and browser-only behaviour do not run: docsgen ships no client code for site components.
 */
export function renderSiteComponent({ file, root, props, children, where }: SiteComponentUse): RootContent[] {
  const Component = loadComponent(file, root, where);
  let html: string;
  try {
    html = renderToStaticMarkup(React.createElement(Component, props, children.length ? React.createElement(CHILDREN_SLOT) : undefined));
  } catch (error) {
    throw new DocsgenError(`the component ${path.relative(root, file)} threw while rendering: ${(error as Error).message}`, {
      location: where,
      hint: 'docsgen renders site components once at build time, without a browser; guard browser-only code with useEffect',
    });
  }
  const slot = `<${CHILDREN_SLOT}></${CHILDREN_SLOT}>`;
  const at = html.indexOf(slot);
  if (at < 0) return html ? [{ type: 'html', value: html }] : [];
  return [{ type: 'html', value: html.slice(0, at) }, ...children, { type: 'html', value: html.slice(at + slot.length) }];
}

function loadComponent(file: string, root: string, where: ErrorLocation): React.ComponentType<Record<string, unknown>> {
  const cached = componentCache.get(file);
  if (cached) return cached;
  const exports = loadModule(file, root, where);
  const Component = (exports.default ?? exports) as React.ComponentType<Record<string, unknown>>;
  if (typeof Component !== 'function') throw new DocsgenError(`${path.relative(root, file)} has no default export that is a React component`, { location: where });
  componentCache.set(file, Component);
  return Component;
}

/** Compiles a module of the site with esbuild (its local imports bundled in) and evaluates it with docsgen's React. */
function loadModule(file: string, root: string, where: ErrorLocation): Record<string, unknown> {
  let code: string;
  try {
    const result = esbuild().buildSync({
      entryPoints: [file],
      bundle: true,
      write: false,
      format: 'cjs',
      platform: 'node',
      jsx: 'automatic',
      logLevel: 'silent',
      external: ['react', 'react-dom', 'react/jsx-runtime', '@docusaurus/*', '@theme/*', '@site/*'],
      // Styles do not reach docsgen's pages; a CSS module's class names come out undefined.
      loader: { '.js': 'jsx', '.css': 'text', '.module.css': 'text', '.scss': 'text', '.module.scss': 'text' },
    });
    code = result.outputFiles[0].text;
  } catch (error) {
    const first = (error as { errors?: { text: string }[] }).errors?.[0];
    throw new DocsgenError(`cannot compile the component ${path.relative(root, file)}: ${first?.text ?? (error as Error).message}`, { location: where, hint: RUNTIME_HINT });
  }
  const module = { exports: {} as Record<string, unknown> };
  const require = (request: string): unknown => {
    if (request === 'react') return React;
    if (request === 'react/jsx-runtime') return jsxRuntime;
    if (request.startsWith('@site/')) return loadModule(path.join(root, request.slice('@site/'.length)), root, where);
    if (DOCUSAURUS_RUNTIME[request]) return DOCUSAURUS_RUNTIME[request];
    throw new DocsgenError(`the component ${path.relative(root, file)} imports ${request}, which docsgen cannot provide at build time`, { location: where, hint: RUNTIME_HINT });
  };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

const RUNTIME_HINT = 'site components may import react, @docusaurus/Link, @docusaurus/useBaseUrl, @docusaurus/useDocusaurusContext, @docusaurus/BrowserOnly, @docusaurus/Head, @site/… modules and local files';

type Props = Record<string, unknown> & { children?: React.ReactNode };

/** What a site component may import from Docusaurus, in the form a build-time render needs. */
const DOCUSAURUS_RUNTIME: Record<string, unknown> = {
  '@docusaurus/Link': asModule(({ to, href, children, ...rest }: Props) => React.createElement('a', { href: (to ?? href) as string, ...rest }, children)),
  '@docusaurus/useBaseUrl': asModule((url: string) => url, { useBaseUrlUtils: () => ({ withBaseUrl: (url: string) => url }) }),
  '@docusaurus/useDocusaurusContext': asModule(() => ({ siteConfig: { customFields: {} }, i18n: { currentLocale: 'en' } })),
  '@docusaurus/BrowserOnly': asModule(({ fallback }: Props) => (fallback ?? null) as React.ReactNode),
  '@docusaurus/Head': asModule(() => null),
};

/**
 * A module whose default export is `main`, as either interop reads it: esbuild's ESM reading of a CommonJS module
 * takes the module itself as the default in a `"type": "module"` package, and `.default` otherwise.
 */
function asModule<T extends object>(main: T, named: Record<string, unknown> = {}): T {
  return Object.assign(main, { __esModule: true, default: main }, named);
}
