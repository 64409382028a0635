import { writeCorpus } from './corpus.js';
await writeCorpus({ pages: Number(process.argv[2]), dir: new URL('./.corpus/', import.meta.url).pathname + process.argv[2] });
