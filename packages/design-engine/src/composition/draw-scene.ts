import type { Palette } from '../brief/palettes.js';
import type { Drawing } from '../directions/drawing.js';
import { stripedSun } from '../directions/svg.js';
import { illustrationSvg } from '../illustration/emoji-svg.js';
import type { recolourSvg } from '../illustration/recolour.js';
import { placedBox, type PlacedElement } from './arrangement.js';

/** The placed scene drawn back to front; a sun setting in the palette's own inks. */
export function drawScene(
  drawing: Drawing,
  elements: readonly PlacedElement[],
  palette: Palette,
  options: { recolour?: Parameters<typeof recolourSvg>[1]; id?: string } = {},
): void {
  elements.forEach((element, index) => {
    if (element.kind === 'sun') {
      const sun = stripedSun(`${options.id ?? 'scene'}-sun-${index}`, element.cx, element.cy, element.r, [palette.second, palette.accent]);
      drawing.defs(sun.defs).add(sun.body, placedBox(element));
    } else {
      drawing.add(
        illustrationSvg(element.illustration, element.x, element.y, element.size, { recolour: options.recolour }),
        placedBox(element),
      );
    }
  });
}
