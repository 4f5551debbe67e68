export * from './object-storage.js';
export * from './fs-storage.js';
export * from './s3-storage.js';
export * from './config.js';
export * from './keys.js';
export * from './png-text-stamp.js';
