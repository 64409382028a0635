/** One error type for every mistake a user can make: it names the file, the place and what is wrong. */
export interface ErrorLocation {
  file: string;
  line?: number;
  column?: number;
}

export class DocsgenError extends Error {
  readonly location?: ErrorLocation;
  readonly hint?: string;
  /** Further problems reported together with this one (for example every broken link). */
  readonly details: string[];

  constructor(message: string, options: { location?: ErrorLocation; hint?: string; details?: string[]; cause?: unknown } = {}) {
    super(message, { cause: options.cause });
    this.name = 'DocsgenError';
    this.location = options.location;
    this.hint = options.hint;
    this.details = options.details ?? [];
  }

  /** `file:line:column  message`, then details and hint, as the CLI prints it. */
  format(): string {
    const where = this.location ? formatLocation(this.location) + '  ' : '';
    const lines = [where + this.message, ...this.details.map((d) => '  ' + d)];
    if (this.hint) lines.push('  hint: ' + this.hint);
    return lines.join('\n');
  }
}

export function formatLocation(location: ErrorLocation): string {
  let out = location.file;
  if (location.line !== undefined) out += ':' + location.line;
  if (location.line !== undefined && location.column !== undefined) out += ':' + location.column;
  return out;
}

export function isDocsgenError(error: unknown): error is DocsgenError {
  return error instanceof DocsgenError;
}

/** A failed build's error as one to report: a DocsgenError as it is, anything else (a bug) wrapped with its message. */
export function asDocsgenError(error: unknown): DocsgenError {
  return isDocsgenError(error) ? error : new DocsgenError((error as Error).message, { cause: error });
}
