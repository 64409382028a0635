import type { Image, Link, Root } from 'mdast';
import type { VFile } from 'vfile';
import { visit } from './visit-tree.js';
import { docState } from './doc-state.js';

/** A link as written in Markdown, with where it stands, for the link checker. */
export interface LinkReference {
  /** The URL the rendered page carries. */
  href: string;
  /** The URL as the author wrote it. */
  written: string;
  line: number;
  column: number;
}

const SAFE_PROTOCOL = /^(https?:|mailto:|tel:|#|\/|\.|[^:]*$)/i;

/** Resolves links as Docusaurus does and images to asset URLs, drops script URLs, and records every link and image. */
export function remarkLinks() {
  return (tree: Root, file: VFile) => {
    const { resolveLink, resolveAsset, lineOffset, links, images } = docState(file);
    visit(tree, ['link', 'image', 'definition'], (node) => {
      const target = node as Link | Image;
      const written = target.url;
      if (!SAFE_PROTOCOL.test(written.trim())) {
        target.url = '#';
        return;
      }
      const start = node.position?.start;
      const place = { written, line: (start?.line ?? 1) + lineOffset - 1, column: start?.column ?? 1 };
      if (target.type === 'image') {
        if (!/^[a-z]+:|^\/\//i.test(written)) target.url = resolveAsset(written, place.line);
        images.push({ href: target.url, ...place });
        return;
      }
      target.url = resolveLink(written);
      if (target.type === 'link' && /^https?:/i.test(written)) {
        target.data = { ...target.data, hProperties: { target: '_blank', rel: ['noopener', 'noreferrer'] } };
      }
      links.push({ href: target.url, ...place });
    });
  };
}
