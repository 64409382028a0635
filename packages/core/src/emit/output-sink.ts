import type { OutputFile } from '../client/bundle-theme.js';
import type { StagedOutput } from './emit-site.js';

/** Where a build's files go: the staging folder when it writes, memory otherwise (`check`, `serve`); counts both. */
export interface OutputSink {
  keep(files: OutputFile[]): Promise<void>;
  /** The files kept in memory; empty when they were written. */
  readonly files: OutputFile[];
  readonly count: number;
  readonly bytes: number;
}

export function createOutputSink(staged: StagedOutput | undefined): OutputSink {
  const files: OutputFile[] = [];
  let count = 0;
  let bytes = 0;
  return {
    async keep(batch) {
      count += batch.length;
      for (const file of batch) bytes += typeof file.contents === 'string' ? Buffer.byteLength(file.contents) : file.contents.byteLength;
      if (staged) await staged.write(batch);
      else files.push(...batch);
    },
    files,
    get count() {
      return count;
    },
    get bytes() {
      return bytes;
    },
  };
}
