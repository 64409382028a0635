import assert from 'node:assert/strict';
import { DocsgenError } from '../../packages/core/src/errors.js';

/** For `assert.rejects`: the error is a DocsgenError whose formatted message (as the CLI prints it) matches `pattern`. */
export function docsgenErrorMatching(pattern: RegExp) {
  return (error: unknown) => {
    assert.ok(error instanceof DocsgenError, `expected a DocsgenError, got ${String(error)}`);
    assert.match(error.format(), pattern);
    return true;
  };
}
