// Kept only for describe/ until it imports from ../http/request.js (issue 28); delete with that change.
export { requestIdOf } from '../http/request.js';
