// Typical seller prompts, used by the contact sheet and the benchmark (kept in the engine's sources).
export { SELLER_PROMPTS, SLOGAN_LENGTHS } from '../dist/index.js';
