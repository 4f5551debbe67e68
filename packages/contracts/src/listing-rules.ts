// `@printloom/contracts/listing-rules`: the marketplaces' text rules and their validators, zod-free.
export * from './listing-rules/index.js';
