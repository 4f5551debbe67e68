export { renderDesigns, planDesigns, renderPlanned, PRINT_SIZES, type DesignRequest, type RenderedDesign, type PlannedDesign } from './render.js';
export { parsePrompt, quotedTexts, type DesignBrief } from './brief/prompt-parser.js';
export { findIllustration, findIllustrations, EMOJI_SETS, type Illustration } from './illustration/emoji-index.js';
export { FONT_FACES } from './typography/fonts.js';
export { SELLER_PROMPTS, SLOGAN_LENGTHS } from './seller-prompts.js';
export { placedBoxes, safeAreaOf, SAFE_MARGIN, GARMENT } from './render.js';
export { readScene, type Scene } from './composition/scene.js';
export type { TextElement } from './directions/direction.js';
