import path from 'node:path';

export interface AssetFolders {
  contentDir: string;
  staticDir: string;
  /** The folder of a Docusaurus site's translated docs, whose images lie beside them. */
  translatedDocsDir?: string;
}

/**
 * Where an image the docs reference is published, relative to the output folder, from its path relative to the site
 * root. Only images inside the content folder or the translated docs' folder (copied under `assets/`) or the static folder (already published at its
 * own path) have a place: anything else (`../../.env`, `../../site.config.ts`) is not the site's to publish.
 */
export function imagePlace(source: string, { contentDir, staticDir, translatedDocsDir }: AssetFolders): { output: string; inStatic: boolean } | undefined {
  const under = (dir: string) => {
    const prefix = path.posix.normalize(dir.split(path.sep).join('/')).replace(/^\.\/|\/+$/g, '') + '/';
    return source.startsWith(prefix) && !source.startsWith('../') ? source.slice(prefix.length) : undefined;
  };
  const inDocs = under(path.posix.join(contentDir, 'docs'));
  if (inDocs !== undefined) return { output: 'assets/docs/' + inDocs, inStatic: false };
  const inContent = under(contentDir);
  if (inContent !== undefined) return { output: 'assets/content/' + inContent, inStatic: false };
  const inTranslations = translatedDocsDir === undefined ? undefined : under(translatedDocsDir);
  if (inTranslations !== undefined) return { output: 'assets/translated/' + inTranslations, inStatic: false };
  const inStatic = under(staticDir);
  return inStatic === undefined ? undefined : { output: inStatic, inStatic: true };
}
