// Kept only for describe/ until it imports from ../tokens.js (issue 28); delete with that change.
export { OBJECT_STORAGE } from '../tokens.js';
