import NProgress from 'nprogress';
import type { ProgressBarOptions } from '@docsgen/shared';

/** The top progress bar: it appears only when a navigation takes longer than `delay`. */
export interface Progress {
  start(): void;
  done(): void;
}

export function createProgress(options: ProgressBarOptions): Progress {
  NProgress.configure({
    minimum: options.minimum,
    speed: options.speed,
    trickleSpeed: options.trickleSpeed,
    showSpinner: options.showSpinner,
    trickleRate: options.trickleRate,
  } as Partial<NProgress.NProgressOptions>);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    start() {
      clearTimeout(timer);
      timer = setTimeout(() => NProgress.start(), options.delay);
    },
    done() {
      clearTimeout(timer);
      timer = undefined;
      if (NProgress.isStarted()) NProgress.done();
    },
  };
}
