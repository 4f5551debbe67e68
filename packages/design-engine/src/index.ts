export {
  renderDesigns,
  renderDesignsInto,
  planDesigns,
  renderPlanned,
  renderVariant,
  garmentOf,
  PRINT_SIZES,
  type DesignRequest,
  type RenderedDesign,
  type RenderOptions,
  type PlannedDesign,
} from './render.js';
export { parsePrompt, quotedTexts, type DesignBrief } from './brief/prompt-parser.js';
export { findIllustration, findIllustrations, EMOJI_SETS, type Illustration } from './illustration/emoji-index.js';
export { FONT_FACES } from './typography/fonts.js';
export { SELLER_PROMPTS, SLOGAN_LENGTHS } from './seller-prompts.js';
export { placedBoxes, safeAreaOf, SAFE_MARGIN } from './render.js';
export { GARMENT, contrast } from './brief/palettes.js';
export { readScene, type Scene } from './composition/scene.js';
export type { TextElement } from './directions/direction.js';
export { flatText, flatTextPng, readsBack } from './legibility/flat-text.js';
export { readingSetting, READING_VIEW, type ReadingSetting } from './legibility/reading-size.js';
export { capHeight } from './typography/text-shapes.js';
export { PixelPool } from './raster/pixel-pool.js';
export { withoutSrgbProfile, withSrgbProfile } from './raster/srgb-profile.js';
export type { ScaledPrint } from './raster/print-file.js';
export { STYLES, STYLE_WORDS, type Style } from './brief/vocabulary.js';
