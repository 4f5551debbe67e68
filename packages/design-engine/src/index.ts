export { renderDesigns, planDesigns, PRINT_SIZES, type DesignRequest, type RenderedDesign, type PlannedDesign } from './render.js';
export { parsePrompt, quotedTexts, type DesignBrief } from './brief/prompt-parser.js';
export { findIllustration, findIllustrations, EMOJI_SETS, type Illustration } from './illustration/emoji-index.js';
export { FONT_FACES } from './typography/fonts.js';
