import os from 'node:os';

/**
 * The machine a figure was measured on, kept beside it: this VM has come back on another host (an AMD EPYC instead
 * of an Intel Xeon) between two sessions, slower for every system and not by the same factor, so figures of two
 * hosts must never share a table unmarked.
 */
export interface Machine {
  cpus: number;
  cpu: string;
  memoryGb: number;
  node: string;
}

export function thisMachine(): Machine {
  return { cpus: os.cpus().length, cpu: os.cpus()[0]?.model ?? '?', memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version };
}

/** `2 × AMD EPYC`, for a table. */
export function machineLabel(machine: Machine | undefined): string {
  return machine ? `${machine.cpus} × ${machine.cpu}` : 'not recorded';
}
