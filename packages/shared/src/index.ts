export * from './types.js';
export * from './urls.js';
export * from './search-tokenizer.js';
export * from './search-index.js';
export * from './search-postings.js';
