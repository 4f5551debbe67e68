import { getIconData, iconToSVG, replaceIDs } from '@iconify/utils';
import { iconSetData, type Illustration } from './emoji-index.js';
import { recolourSvg } from './recolour.js';

/** An emoji as a nested <svg> placed in the box (x, y, size × size); ids made unique per use. */
export function illustrationSvg(
  illustration: Illustration,
  x: number,
  y: number,
  size: number,
  options: { recolour?: Parameters<typeof recolourSvg>[1] } = {},
): string {
  const data = getIconData(iconSetData(illustration.set) as Parameters<typeof getIconData>[0], illustration.name);
  if (!data) throw new Error(`Emoji ${illustration.set}:${illustration.name} is missing from its set`);
  const rendered = iconToSVG(data);
  const ownIds = replaceIDs(rendered.body);
  const body = options.recolour ? recolourSvg(ownIds, options.recolour) : ownIds;
  return `<svg x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${size.toFixed(1)}" height="${size.toFixed(1)}" viewBox="${rendered.attributes.viewBox}">${body}</svg>`;
}
