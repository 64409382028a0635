import { docsgenBuild, type DocsgenBuild } from './docsgen.js';
import { folderSize } from './files.js';
import { summarize, type Summary } from './stats.js';

/** Several cold builds of one site, summarized. */
export interface BuildSeries {
  label: string;
  /** Pages built (docs plus other pages), as the CLI reports them. */
  pages: number;
  outDir: string;
  wall: Summary;
  rss: Summary;
  output: { bytes: number; files: number };
  /** Stage timings of the run with the median wall time. */
  stages: Record<string, number>;
}

export async function buildSeries(label: string, root: string, outDir: string, runs: number): Promise<BuildSeries> {
  const samples: DocsgenBuild[] = [];
  for (let i = 0; i < runs; i++) {
    const run = await docsgenBuild(root, outDir);
    console.log(`  ${label} run ${i + 1}/${runs}: ${Math.round(run.wallMs)} ms, ${Math.round(run.peakRssBytes / 2 ** 20)} MB`);
    samples.push(run);
  }
  const byTime = [...samples].sort((a, b) => a.wallMs - b.wallMs);
  return {
    label,
    pages: samples[0].pages,
    outDir,
    wall: summarize(samples.map((s) => s.wallMs)),
    rss: summarize(samples.map((s) => s.peakRssBytes)),
    output: await folderSize(outDir),
    stages: byTime[byTime.length >> 1].stages,
  };
}
