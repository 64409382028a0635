'use strict';
const { createHash } = require('node:crypto');
const { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const CLI_FILE = path.join(__dirname, '../dist/cli.cjs');
const CACHE_DIR = path.join(__dirname, '../dist/code-cache/');
const CHECKSUM_BYTES = 20;

/**
 * Runs the compiled CLI (dist/cli.cjs, 3.5 MB) with V8's code cache: compiling it cold took about as long as node's
 * own start, and a build compiles much more of it as it goes. The cache is written next to the CLI after a command that
 * ran to its end and succeeded (`--version` and `--help` exit before that, and a failed command may have stopped early:
 * either would leave a cache without the build's code); it holds the bytecode of every function that run compiled or
 * took from the cache, and later runs of the same CLI file on the same node start from it. It is written twice: by the
 * first such command (`<name>-first.bin`), and again by the next one, which started from it (`<name>.bin`, used from
 * then on as it is). A first build usually builds from scratch and the next one rebuilds from the persistent cache,
 * and each runs code the other does not (the carry-over of the output, the cached configuration and search terms): a
 * rebuild of 206 pages took 414 ms of CPU with a cache of the first build alone and 390 ms with one of both (medians of
 * 8 alternating runs, load 5). Its name carries the CLI file's stamp and node's version, and its contents a checksum,
 * so a stale, truncated or corrupted cache is never handed to V8: it is ignored, and the run writes a good one. V8
 * rejects a cache made with other V8 flags itself; that run writes one for its flags. Where dist/ is read-only nothing
 * is written.
 *
 * The file is ASCII and already the module's function (scripts/build-cli.mjs), so it is read as Latin-1 and compiled as
 * it is: decoding it as UTF-8, wrapping it and hashing it took 10–12 ms of every command.
 */
async function runCli(argv) {
  const source = readCli();
  if (!source) {
    console.error(`docsgen: error: ${CLI_FILE} is missing\n  hint: run npm install in ${path.dirname(path.dirname(CLI_FILE))} (it compiles the CLI)`);
    process.exitCode = 1;
    return;
  }
  const name = path.join(CACHE_DIR, `cli-${sha1(stampOf(CLI_FILE), process.version, process.arch).toString('hex')}`);
  const complete = readVerified(`${name}.bin`);
  const cachedData = complete ?? readVerified(`${name}-first.bin`);
  const script = new vm.Script(source, { filename: CLI_FILE, cachedData });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(CLI_FILE), module, CLI_FILE, path.dirname(CLI_FILE));
  await module.exports.main(argv);
  // A command that failed (a missing config, a broken link) may have stopped before the build's code ran.
  if (process.exitCode || (complete && !script.cachedDataRejected)) return;
  writeCache(cachedData && !script.cachedDataRejected ? `${name}.bin` : `${name}-first.bin`, script);
}

/** The compiled CLI, or undefined where it was never compiled (a checkout without `npm install`). */
function readCli() {
  try {
    return readFileSync(CLI_FILE, 'latin1');
  } catch (error) {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * What tells one CLI file from another without reading it: any write changes its change time (which no tool sets back),
 * a new file its inode. V8 checks only the length of the text a cache was made from, so a cache of another text must
 * never get this far.
 */
function stampOf(file) {
  const info = statSync(file, { bigint: true });
  return [info.dev, info.ino, info.size, info.mtimeNs, info.ctimeNs].join(' ');
}

function sha1(...parts) {
  const hash = createHash('sha1');
  for (const part of parts) hash.update(part);
  return hash.digest();
}

/** The cache's contents when its checksum holds, else undefined. */
function readVerified(file) {
  let bytes;
  try {
    bytes = readFileSync(file);
  } catch {
    return undefined;
  }
  const data = bytes.subarray(CHECKSUM_BYTES);
  return bytes.length > CHECKSUM_BYTES && sha1(data).equals(bytes.subarray(0, CHECKSUM_BYTES)) ? data : undefined;
}

/** Writes the cache whole or not at all (a concurrent run reads the old file or the new one), and drops stale ones. */
function writeCache(file, script) {
  try {
    const data = script.createCachedData();
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${process.pid}.tmp`;
    writeFileSync(partial, Buffer.concat([sha1(data), data]));
    renameSync(partial, file);
    for (const name of readdirSync(CACHE_DIR)) {
      if (path.join(CACHE_DIR, name) !== file) rmSync(path.join(CACHE_DIR, name), { force: true });
    }
  } catch {
    // A read-only install, a full disk: the next run compiles without the cache, as this one did.
  }
}

exports.runCli = runCli;
