/** A template's print area: where it lies on the 2000 px mockup and the real size it stands for. */
export interface PrintArea {
  left: number;
  top: number;
  width: number;
  height: number;
  widthInches: number;
  heightInches: number;
  /** 'top': DTG placement (centred, top edge at the area's top); 'centre': centred both ways. */
  align: 'top' | 'centre';
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Print files are made at 300 DPI (4500×5400 px = 15×18 in). */
export const PRINT_DPI = 300;

export const inchesToPixels = (inches: number, pixelsPerInch: number): number => inches * pixelsPerInch;

/**
 * Where a design lands in a print area, in mockup pixels: its real size (pixels at `dpi`) scaled to fit
 * the area's real size (up or down, aspect kept), then converted at the area's pixels per inch, centred
 * across and top-aligned or centred down as the area says.
 */
export function placeInArea(design: { width: number; height: number; dpi?: number }, area: PrintArea): Rect {
  const dpi = design.dpi ?? PRINT_DPI;
  const designWidthInches = design.width / dpi;
  const designHeightInches = design.height / dpi;
  const fit = Math.min(area.widthInches / designWidthInches, area.heightInches / designHeightInches);
  const pixelsPerInch = area.width / area.widthInches;
  const width = Math.max(1, Math.round(inchesToPixels(designWidthInches * fit, pixelsPerInch)));
  const height = Math.max(1, Math.round(inchesToPixels(designHeightInches * fit, pixelsPerInch)));
  const left = area.left + Math.round((area.width - width) / 2);
  const top = area.align === 'top' ? area.top : area.top + Math.round((area.height - height) / 2);
  return { left, top, width, height };
}

/** A mug seen from the front: a vertical cylinder whose rim is an ellipse (seen slightly from above). */
export interface Cylinder {
  centreX: number;
  radius: number;
  /** Half-height of the rim's ellipse: how far the front of a printed line sags below its ends. */
  rimHalfHeight: number;
}

/**
 * The point of the flat wrap seen at mockup pixel (x, y), or null beyond the cylinder's silhouette:
 * `u` along the circumference from the front's centre line, `v` down from the wrap's top edge (which
 * sits at `top` where it meets the sides). Columns near the edges show more of the wrap per pixel (the
 * surface turns away) and every printed line curves down towards the front, like the rim.
 */
export function cylinderSource(x: number, y: number, cylinder: Cylinder, top: number): { u: number; v: number } | null {
  const across = (x - cylinder.centreX) / cylinder.radius;
  if (across <= -1 || across >= 1) return null;
  const theta = Math.asin(across);
  return { u: theta * cylinder.radius, v: y - top - cylinder.rimHalfHeight * Math.cos(theta) };
}
