import type { ContentSource } from '../content/scan-content.js';

/** Where every doc lives: by id (for config references) and by file path (for Markdown links). */
export interface RouteTable {
  routeById: Map<string, string>;
  routesByDocsPath: Map<string, string>;
}

/** Maps doc ids and file paths to routes; scanContent has already made routes unique. */
export function buildRoutes(content: ContentSource): RouteTable {
  const routeById = new Map<string, string>();
  const routesByDocsPath = new Map<string, string>();
  for (const doc of content.docs) {
    routeById.set(doc.id, doc.route);
    routesByDocsPath.set(doc.docsPath, doc.route);
  }
  return { routeById, routesByDocsPath };
}
