import { readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import type { Expression, Program } from 'estree';
import type { Code, Definition, Image, Link, Paragraph, Root, RootContent } from 'mdast';
import { visit } from './visit-tree.js';
import type { MdxJsxAttribute, MdxJsxFlowElement, MdxJsxTextElement } from 'mdast-util-mdx-jsx';
import { toString } from 'mdast-util-to-string';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import remarkMdx from 'remark-mdx';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import type { VFile } from 'vfile';
import { DocsgenError } from '../errors.js';
import { isWithin } from '../emit/output-folder.js';
import { normalizeAdmonitionSyntax } from './admonitions.js';
import { docState } from './doc-state.js';
import { renderSiteComponent } from './site-components.js';
import { DOC_CARD_LIST, HTML_MARKER, tabsNode } from './mdx-tabs.js';
import { safeDecode } from './resolve-links.js';

type JsxElement = MdxJsxFlowElement | MdxJsxTextElement;
type Parent = { children: RootContent[] };

/** What a name imported in a doc stands for. */
type Binding = { kind: 'theme'; component: string } | { kind: 'partial'; file: string } | { kind: 'site'; file: string } | { kind: 'package'; source: string };

/** Docusaurus's theme components docsgen renders itself, by import path. */
const THEME_COMPONENTS: Record<string, string> = {
  '@theme/Tabs': 'Tabs',
  '@theme/TabItem': 'TabItem',
  '@theme/Admonition': 'Admonition',
  '@theme/CodeBlock': 'CodeBlock',
  '@theme/Details': 'Details',
  '@theme/DocCardList': 'DocCardList',
};

/** Components Docusaurus's MDX provides without an import. */
const GLOBAL_COMPONENTS: Record<string, string> = { Details: 'Details', Head: 'Head', Admonition: 'Admonition' };

/** How deep partials may import partials before docsgen calls it a cycle. */
const MAX_PARTIAL_DEPTH = 8;

const partialParser = unified().use(remarkParse).use(remarkMdx).use(remarkGfm).use(remarkDirective);

/**
 * MDX as Docusaurus compiles it, rendered to static content at build time: imports of `_partials` are inlined,
 * `@theme/Tabs` / `TabItem` become an accessible tablist, `<Admonition>`, `<CodeBlock>`, `<details>` become what their
 * Markdown forms give, HTML elements go on to the sanitiser, literal expressions and exported constants are written out,
 * comments vanish, and React components of the site (`@site/src/components/…`) are rendered with React. Anything else
 * fails with file:line and what to do.
 */
export function remarkMdxContent() {
  return (tree: Root, file: VFile) => {
    const state = docState(file);
    const context: MdxContext = {
      file,
      docFile: state.sourceFile,
      docFileOfPage: state.sourceFile,
      dir: path.dirname(state.sourceFile),
      root: state.siteRoot,
      bindings: new Map(),
      exports: new Map(),
      depth: 0,
      nextTabs: () => state.tabsCount++,
    };
    transformTree(tree, context);
  };
}

interface MdxContext {
  file: VFile;
  /** The doc (or partial) being transformed, absolute, and its folder. */
  docFile: string;
  dir: string;
  root: string;
  bindings: Map<string, Binding>;
  exports: Map<string, unknown>;
  depth: number;
  nextTabs: () => number;
  /** The page's own doc file (not a partial's), absolute. */
  docFileOfPage: string;
  /** Where the doc uses a partial: positions in a partial point there. */
  usedAt?: RootContent['position'];
}

function transformTree(tree: Parent, context: MdxContext): void {
  for (const node of [...tree.children]) if (node.type === 'mdxjsEsm') readEsm(node.data?.estree as Program | undefined, context, node);
  transformChildren(tree, context);
}

function transformChildren(parent: Parent, context: MdxContext): void {
  const out: RootContent[] = [];
  for (const node of parent.children) out.push(...transformNode(node, context));
  parent.children = out;
}

function transformNode(node: RootContent, context: MdxContext): RootContent[] {
  if (context.usedAt) node.position = context.usedAt;
  switch (node.type) {
    case 'mdxjsEsm':
      return [];
    case 'mdxFlowExpression':
    case 'mdxTextExpression': {
      const text = expressionText(node.data?.estree as Program | undefined, node, context);
      if (text === undefined) return [];
      return node.type === 'mdxFlowExpression' ? [{ type: 'paragraph', children: [{ type: 'text', value: text }] }] : [{ type: 'text', value: text }];
    }
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return transformElement(node, context);
    default:
      if ('children' in node) transformChildren(node as Parent, context);
      return [node];
  }
}

function transformElement(node: JsxElement, context: MdxContext): RootContent[] {
  const name = node.name;
  if (name === null) {
    // A fragment `<>…</>`: its children stand in its place.
    transformChildren(node as Parent, context);
    return node.children as RootContent[];
  }
  if (/^[a-z]/.test(name)) return [htmlElement(node, context)];
  const binding = context.bindings.get(name);
  const component = componentOf(name, context);
  const props = component === 'DocCardList' ? {} : readProps(node, context);
  switch (component) {
    case 'DocCardList':
      // Its cards are the doc's sidebar category, known only once the sidebar is built: a placeholder filled then.
      return [{ type: 'docCardList', data: { hName: 'div', hProperties: { className: ['doc-card-list'], [DOC_CARD_LIST]: '' } }, children: [] } as unknown as RootContent];
    case 'Head':
      return [];
    case 'Details':
      return [htmlElement({ ...node, name: 'details' }, context)];
    case 'Admonition': {
      transformChildren(node as Parent, context);
      const title = typeof props.title === 'string' ? [{ type: 'paragraph', data: { directiveLabel: true }, children: [{ type: 'text', value: props.title }] } as Paragraph] : [];
      return [{ type: 'containerDirective', name: String(props.type ?? 'note'), attributes: {}, children: [...title, ...(node.children as never[])], position: node.position } as RootContent];
    }
    case 'CodeBlock':
      return [codeBlock(node, props, context)];
    case 'Tabs': {
      // `<TabItem>` written on one line sits in a paragraph of its own: look through it.
      const children = node.children.flatMap((child): RootContent[] => (child.type === 'paragraph' ? child.children : [child as RootContent]));
      const items = children.flatMap((child) => {
        if ((child.type === 'mdxJsxFlowElement' || child.type === 'mdxJsxTextElement') && child.name && componentOf(child.name, context) === 'TabItem') {
          transformChildren(child as Parent, context);
          return [{ element: child, props: readProps(child, context) }];
        }
        if (toString(child).trim() === '') return [];
        throw unsupported(child, context, '<Tabs> holds something other than <TabItem>', 'put each tab\'s content in a <TabItem value="…">');
      });
      return [tabsNode(items, props, context.nextTabs())];
    }
    case 'TabItem':
      throw unsupported(node, context, '<TabItem> outside <Tabs>', 'put each <TabItem> directly inside a <Tabs>');
  }
  if (binding?.kind === 'partial') return inlinePartial(node, binding.file, context);
  if (binding?.kind === 'site') {
    transformChildren(node as Parent, context);
    return renderSiteComponent({ file: binding.file, root: context.root, props, children: node.children as RootContent[], where: where(node, context) });
  }
  if (binding?.kind === 'package') throw unsupported(node, context, `<${name}> comes from the package "${binding.source}", which docsgen does not run`, `replace it with Markdown, or wrap what it shows in a component under src/components (rendered at build time)`);
  throw unsupported(node, context, `<${name}> is neither imported nor one of Docusaurus's global components (Details, Head, Admonition)`, `import it (import ${name} from '@site/src/components/${name}') or replace it with Markdown`);
}

/** The theme component a JSX name stands for: one imported from `@theme/…`, or a global one when the name is not imported. */
function componentOf(name: string, context: MdxContext): string | undefined {
  const binding = context.bindings.get(name);
  return binding?.kind === 'theme' ? binding.component : binding ? undefined : GLOBAL_COMPONENTS[name];
}

/** An HTML element written as JSX: it goes on as an element, marked so the sanitiser sees it. */
function htmlElement(node: JsxElement, context: MdxContext): RootContent {
  transformChildren(node as Parent, context);
  const properties: Record<string, unknown> = { [HTML_MARKER]: '' };
  for (const attribute of node.attributes) {
    if (attribute.type !== 'mdxJsxAttribute') continue;
    const key = attribute.name === 'class' ? 'className' : attribute.name;
    const value = attributeValue(attribute, context, node);
    if (key === 'style' || typeof value === 'object') continue;
    properties[key] = value;
  }
  return { ...node, data: { ...node.data, hName: node.name!, hProperties: properties as never } } as RootContent;
}

function codeBlock(node: JsxElement, props: Record<string, unknown>, context: MdxContext): Code {
  const child = node.children[0] as RootContent | undefined;
  let value: string;
  if (child && (child.type === 'mdxFlowExpression' || child.type === 'mdxTextExpression')) value = expressionText(child.data?.estree as Program | undefined, child, context) ?? '';
  else value = toString(node);
  const title = typeof props.title === 'string' ? `title="${props.title}"` : undefined;
  return { type: 'code', lang: typeof props.language === 'string' ? props.language : null, meta: title ?? null, value: value.replace(/^\n|\n$/g, ''), position: node.position };
}

function inlinePartial(node: JsxElement, file: string, context: MdxContext): RootContent[] {
  if (context.depth >= MAX_PARTIAL_DEPTH) throw unsupported(node, context, `partials import each other more than ${MAX_PARTIAL_DEPTH} deep`, 'look for a partial that imports itself');
  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    throw unsupported(node, context, `the partial ${path.relative(context.root, file)} does not exist`, 'fix the import path');
  }
  let tree: Root;
  try {
    tree = partialParser.parse(normalizeMdxSource(normalizeAdmonitionSyntax(stripFrontMatter(source))));
  } catch (error) {
    const place = (error as { place?: { line?: number; start?: { line: number } } }).place;
    const line = place && 'start' in place ? place.start?.line : place?.line;
    throw new DocsgenError(`the partial is not valid MDX: ${(error as Error).message}`, { location: { file: path.relative(context.root, file), line } });
  }
  const partialContext: MdxContext = { ...context, docFile: file, dir: path.dirname(file), bindings: new Map(), exports: new Map(), depth: context.depth + 1, usedAt: node.position };
  transformTree(tree, partialContext);
  rebaseRelativeUrls(tree, path.dirname(file), context);
  if (node.type === 'mdxJsxTextElement') return tree.children.flatMap((child) => (child.type === 'paragraph' ? child.children : [child])) as RootContent[];
  return tree.children;
}

/**
 * Links and images in a partial are relative to the partial's file, as Docusaurus resolves them: `.md` links become
 * paths from the docs root, images paths from the doc that includes the partial.
 */
function rebaseRelativeUrls(tree: Root, partialDir: string, context: MdxContext): void {
  const { docsRoot } = docState(context.file);
  visit(tree, ['link', 'definition', 'image'], (node) => {
    const target = node as Link | Image | Definition;
    if (/^(?:[a-z][a-z0-9+.-]*:|\/|#)/i.test(target.url)) return;
    const [file, suffix = ''] = target.url.split(/(?=[?#])/, 2);
    const absolute = path.resolve(partialDir, safeDecode(file));
    if (target.type === 'image') target.url = path.relative(path.dirname(context.docFileOfPage), absolute).split(path.sep).join('/') + suffix;
    else if (/\.mdx?$/.test(file) && absolute.startsWith(docsRoot + path.sep)) target.url = '/' + path.relative(docsRoot, absolute).split(path.sep).join('/') + suffix;
  });
}

function readEsm(program: Program | undefined, context: MdxContext, node: RootContent): void {
  for (const statement of program?.body ?? []) {
    if (statement.type === 'ImportDeclaration') {
      const source = String(statement.source.value);
      const binding = bindingFor(source, context);
      if (binding.kind === 'partial' || binding.kind === 'site') assertInProject(binding.file, source, node, context);
      for (const specifier of statement.specifiers) context.bindings.set(specifier.local.name, binding);
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration' && statement.declaration?.type === 'VariableDeclaration') {
      for (const declarator of statement.declaration.declarations) {
        if (declarator.id.type !== 'Identifier' || !declarator.init) continue;
        try {
          context.exports.set(declarator.id.name, evaluate(declarator.init as Expression, context));
        } catch {
          // An export that is not plain data (a function, a component) is metadata for Docusaurus's runtime; nothing on the page shows it unless used.
        }
      }
      continue;
    }
    if (statement.type === 'ExportNamedDeclaration' || statement.type === 'ExportDefaultDeclaration' || statement.type === 'ExportAllDeclaration') continue;
    throw unsupported(node as JsxElement, context, 'a statement other than import or export', 'keep only import and export statements at the top level');
  }
}

function bindingFor(source: string, context: MdxContext): Binding {
  if (THEME_COMPONENTS[source]) return { kind: 'theme', component: THEME_COMPONENTS[source] };
  const local = source.startsWith('@site/') ? path.join(context.root, source.slice('@site/'.length)) : source.startsWith('.') ? path.resolve(context.dir, source) : undefined;
  if (!local) return { kind: 'package', source };
  if (/\.mdx?$/.test(local)) return { kind: 'partial', file: local };
  return { kind: 'site', file: local };
}

/**
 * A partial is published and a component is run: like images, they must be files of the project, also once symbolic
 * links are followed, or `import Notes from '../../../../home/me/notes.md'` puts any file on the machine into the site.
 */
function assertInProject(file: string, source: string, node: RootContent, context: MdxContext): void {
  const real = (target: string) => {
    try {
      return realpathSync(target);
    } catch {
      return target;
    }
  };
  if (isWithin(real(file), real(context.root))) return;
  throw unsupported(node, context, `import ${JSON.stringify(source)} is outside the project folder`, 'move the partial or component into the project (the docs folder or src/) and import it from there');
}

function readProps(node: JsxElement, context: MdxContext): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  for (const attribute of node.attributes) {
    if (attribute.type === 'mdxJsxAttribute') props[attribute.name] = attributeValue(attribute, context, node);
    else throw unsupported(node, context, 'a spread attribute {...props}', 'write the attributes out');
  }
  return props;
}

function attributeValue(attribute: MdxJsxAttribute, context: MdxContext, node: JsxElement): unknown {
  const value = attribute.value;
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value;
  const program = value.data?.estree as Program | undefined;
  const statement = program?.body[0];
  if (!statement || statement.type !== 'ExpressionStatement') return undefined;
  try {
    return evaluate(statement.expression, context);
  } catch {
    throw unsupported(node, context, `the value of ${attribute.name}={${value.value}} is not plain data`, 'write a string, number, boolean, array or object literal, or an exported constant');
  }
}

/** The text an `{expression}` writes: literals and exported constants; comments write nothing. */
function expressionText(program: Program | undefined, node: RootContent, context: MdxContext): string | undefined {
  const statement = program?.body[0];
  if (!statement) return undefined;
  if (statement.type !== 'ExpressionStatement') throw unsupported(node as JsxElement, context, 'an expression docsgen cannot evaluate', 'write the text out, or use a literal such as {"text"}');
  try {
    const value = evaluate(statement.expression, context);
    return value === null || value === undefined || typeof value === 'boolean' ? undefined : String(value);
  } catch {
    const source = (node as { value?: string }).value ?? '';
    if (context.docFile.endsWith('.md')) {
      // Docusaurus 2 (MDX 1) wrote braces in .md text as they are; keep the words and say so.
      const state = docState(context.file);
      const at = where(node, context);
      state.warnings.push(`${at.file}:${at.line ?? 1}:${at.column ?? 1}  {${source}} is not plain data; written as text, as Docusaurus 2 did (Docusaurus 3 evaluates it; escape it as \\{…\\})`);
      return `{${source}}`;
    }
    throw unsupported(node as JsxElement, context, `the expression {${(node as { value?: string }).value ?? ''}} is not plain data`, 'write the text out, or export a constant (export const name = "…") and use {name}');
  }
}

/** Evaluates plain data: literals, template strings without placeholders, arrays, objects, exported constants. */
function evaluate(expression: Expression, context: MdxContext): unknown {
  switch (expression.type) {
    case 'Literal':
      return expression.value;
    case 'TemplateLiteral':
      if (expression.expressions.length) return expression.quasis.map((quasi, i) => quasi.value.cooked + (i < expression.expressions.length ? String(evaluate(expression.expressions[i] as Expression, context)) : '')).join('');
      return expression.quasis[0]?.value.cooked ?? '';
    case 'ArrayExpression':
      return expression.elements.map((element) => (element && element.type !== 'SpreadElement' ? evaluate(element, context) : undefined));
    case 'ObjectExpression':
      return Object.fromEntries(
        expression.properties.map((property) => {
          if (property.type !== 'Property' || property.computed) throw new Error('not plain data');
          const key = property.key.type === 'Identifier' ? property.key.name : String((property.key as { value: unknown }).value);
          return [key, evaluate(property.value as Expression, context)];
        }),
      );
    case 'UnaryExpression':
      if (expression.operator === '-') return -(evaluate(expression.argument, context) as number);
      throw new Error('not plain data');
    case 'Identifier':
      if (expression.name === 'undefined') return undefined;
      if (context.exports.has(expression.name)) return context.exports.get(expression.name);
      throw new Error(`unknown name ${expression.name}`);
    default:
      throw new Error('not plain data');
  }
}

function where(node: { position?: RootContent['position'] }, context: MdxContext): { file: string; line?: number; column?: number } {
  const state = docState(context.file);
  const start = node.position?.start;
  return { file: String(context.file.path), line: start ? start.line + state.lineOffset - 1 : undefined, column: start?.column };
}

function unsupported(node: { position?: RootContent['position'] }, context: MdxContext, what: string, hint: string): DocsgenError {
  return new DocsgenError(`MDX: ${what}`, { location: where(node, context), hint });
}

function stripFrontMatter(source: string): string {
  const match = /^---\r?\n[\s\S]*?\r?\n---\r?\n/.exec(source);
  return match ? '\n'.repeat(match[0].split('\n').length - 1) + source.slice(match[0].length) : source;
}

/**
 * What Docusaurus 3 does before MDX parses a file (its `mdx1Compat` defaults): HTML comments become nothing, heading
 * ids `{#id}` stay text, and ```mdx-code-block fences are unwrapped. All keep the line count, so positions stay true.
 * Other code fences are left alone.
 */
export function normalizeMdxSource(markdown: string): string {
  let fence: string | undefined;
  let unwrapping: string | undefined;
  let inComment = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (inComment) {
        const end = line.indexOf('-->');
        if (end < 0) return '';
        inComment = false;
        line = line.slice(end + 3);
      }
      const fenceMatch = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
      // Docusaurus unwraps ```mdx-code-block fences: their content is MDX (imports, JSX) that other renderers show as code.
      if (fenceMatch && !fence && !unwrapping && /^\s*mdx-code-block\s*$/.test(line.slice(line.indexOf(fenceMatch[1]) + fenceMatch[1].length))) {
        unwrapping = fenceMatch[1];
        return '';
      }
      if (fenceMatch && !fence && unwrapping && line.trim() === unwrapping) {
        unwrapping = undefined;
        return '';
      }
      if (fenceMatch) {
        if (!fence) fence = fenceMatch[1];
        else if (fenceMatch[1][0] === fence[0] && fenceMatch[1].length >= fence.length && line.trim() === fenceMatch[1]) fence = undefined;
        return line;
      }
      if (fence) return line;
      line = line.replace(/<!--[\s\S]*?-->/g, '');
      const open = line.indexOf('<!--');
      if (open >= 0) {
        inComment = true;
        line = line.slice(0, open);
      }
      return line.replace(/^(\s{0,3}#{1,6}\s.*?)\s*\{#([^{}\s]+)\}\s*$/, '$1 \\{#$2\\}');
    })
    .join('\n');
}
