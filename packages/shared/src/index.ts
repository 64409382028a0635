export * from './types.js';
export * from './urls.js';
