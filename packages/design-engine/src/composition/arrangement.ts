import { box, union, type Box } from '../directions/drawing.js';
import type { Illustration } from '../illustration/emoji-index.js';
import type { Scene } from './scene.js';

/** How a direction groups its pictures: sticker huddle, badge centre with flanking props, picture above type. */
export type Arrangement = 'grouped' | 'centred' | 'above';

export type PlacedElement =
  | { kind: 'picture'; role: 'subject' | 'prop' | 'setting'; illustration: Illustration; x: number; y: number; size: number }
  | { kind: 'sun'; role: 'setting'; cx: number; cy: number; r: number };

interface Spot {
  x: number;
  y: number;
  size: number;
}

// Spots in units of the subject's size (its box is 0..1), props in front of the subject's lower corners.
const PROP_SPOTS: Record<Arrangement, Spot[]> = {
  grouped: [
    { x: -0.22, y: 0.6, size: 0.46 },
    { x: 0.76, y: 0.6, size: 0.46 },
  ],
  centred: [
    { x: -0.4, y: 0.34, size: 0.5 },
    { x: 0.9, y: 0.34, size: 0.5 },
  ],
  above: [
    { x: -0.56, y: 0.42, size: 0.56 },
    { x: 1.0, y: 0.42, size: 0.56 },
  ],
};

/** With a picture setting the subject stands in front of the lower part of the place. */
const SUBJECT_IN_SETTING: Spot = { x: 0.2, y: 0.42, size: 0.6 };
const PROP_IN_SETTING: Record<Arrangement, Spot> = {
  grouped: { x: -0.12, y: 0.66, size: 0.4 },
  centred: { x: -0.18, y: 0.58, size: 0.4 },
  above: { x: -0.3, y: 0.58, size: 0.44 },
};

const spotBox = (spot: Spot) => box(spot.x, spot.y, spot.x + spot.size, spot.y + spot.size);

/**
 * The scene's elements placed inside `area` (back to front): laid out in subject units, then the whole
 * group scaled to fit the area and centred in it, so every element stays inside.
 */
export function arrangeScene(scene: Scene, area: Box, arrangement: Arrangement): PlacedElement[] {
  if (!scene.subject) return [];
  type Unit = { role: 'subject' | 'prop' | 'setting'; illustration?: Illustration; spot: Spot; sun?: boolean };
  const units: Unit[] = [];
  if (scene.setting?.kind === 'picture') {
    units.push({ role: 'setting', illustration: scene.setting.illustration, spot: { x: 0, y: 0, size: 1 } });
    units.push({ role: 'subject', illustration: scene.subject, spot: SUBJECT_IN_SETTING });
    for (const prop of scene.props.slice(0, 1)) units.push({ role: 'prop', illustration: prop, spot: PROP_IN_SETTING[arrangement] });
  } else {
    // The sun is a disc a little larger than the subject, behind its upper part.
    if (scene.setting?.kind === 'sun') units.push({ role: 'setting', spot: { x: -0.08, y: -0.16, size: 1.16 }, sun: true });
    units.push({ role: 'subject', illustration: scene.subject, spot: { x: 0, y: 0, size: 1 } });
    scene.props
      .slice(0, 2)
      .forEach((prop, index) => units.push({ role: 'prop', illustration: prop, spot: PROP_SPOTS[arrangement][index]! }));
  }
  const extent = union(units.map((unit) => spotBox(unit.spot)))!;
  const scale = Math.min((area.x2 - area.x1) / (extent.x2 - extent.x1), (area.y2 - area.y1) / (extent.y2 - extent.y1));
  const left = (area.x1 + area.x2) / 2 - ((extent.x1 + extent.x2) / 2) * scale;
  const top = (area.y1 + area.y2) / 2 - ((extent.y1 + extent.y2) / 2) * scale;
  return units.map((unit): PlacedElement => {
    const x = left + unit.spot.x * scale;
    const y = top + unit.spot.y * scale;
    const size = unit.spot.size * scale;
    if (unit.sun) return { kind: 'sun', role: 'setting', cx: x + size / 2, cy: y + size / 2, r: size / 2 };
    return { kind: 'picture', role: unit.role, illustration: unit.illustration!, x, y, size };
  });
}

export function placedBox(element: PlacedElement): Box {
  return element.kind === 'sun'
    ? box(element.cx - element.r, element.cy - element.r, element.cx + element.r, element.cy + element.r)
    : box(element.x, element.y, element.x + element.size, element.y + element.size);
}
