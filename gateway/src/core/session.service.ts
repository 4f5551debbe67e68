// Kept only for describe/ until it imports from ../session/session.service.js (issue 28); delete with that change.
export { SessionService } from '../session/session.service.js';
