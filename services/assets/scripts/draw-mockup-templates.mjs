// Draws the mockup templates the repository owns (our own drawings, no photos): for each product a
// base image (the blank product in white on a transparent ground, with its soft drop shadow), a
// shading map (grey, 128 = no change: darker is multiplied in, lighter is screened in), a displacement
// map where the fabric folds (R = x shift, G = y shift, 128 = none) and a JSON with the print area in
// pixels and inches. Drawn at half the mockup size (1000 px for 2000 px mockups; everything drawn is
// soft, so it scales up cleanly) and committed.
//
// Usage: node services/assets/scripts/draw-mockup-templates.mjs   (rewrites services/assets/mockup-templates/)
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../mockup-templates/', import.meta.url));
const SIZE = 1000; // drawn size; the mockup is OUTPUT px
const OUTPUT = 2000;
const K = OUTPUT / SIZE;

const svg = (body, defs = '') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">
<defs>${defs}<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="blur6" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>
<filter id="blur3" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="3"/></filter></defs>${body}</svg>`);

async function greyOf(svgBuffer) {
  const { data } = await sharp(svgBuffer).flatten({ background: '#808080' }).extractChannel(0).raw().toBuffer({ resolveWithObject: true });
  return data;
}

async function alphaOf(svgBuffer) {
  const { data } = await sharp(svgBuffer).ensureAlpha().extractChannel(3).raw().toBuffer({ resolveWithObject: true });
  return data;
}

/**
 * Shading and displacement from a fold height map (grey, 128 = flat) and the silhouette mask: light
 * from the upper left lights the slopes facing it, valleys darken, the edges of the piece turn away
 * (darker rim), and the print follows the slope (displacement along the height gradient).
 */
async function mapsFromFolds({ silhouette, folds, rim = 0.3, slope = 9, shift = 14, flat = false }) {
  const mask = await alphaOf(silhouette);
  const height = await greyOf(folds);
  // Distance-ish from the edge: a blurred mask, so the rim darkens smoothly.
  const blurredMask = await sharp(mask, { raw: { width: SIZE, height: SIZE, channels: 1 } })
    .blur(18)
    .extractChannel(0)
    .raw()
    .toBuffer();
  const shading = Buffer.alloc(SIZE * SIZE);
  const displacement = Buffer.alloc(SIZE * SIZE * 3, 128);
  const h = (x, y) => height[Math.min(SIZE - 1, Math.max(0, y)) * SIZE + Math.min(SIZE - 1, Math.max(0, x))] - 128;
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const i = y * SIZE + x;
      if (mask[i] === 0) {
        shading[i] = 128;
        continue;
      }
      // A wide baseline: the height map has 8-bit steps, and a narrow one turns them into contour lines.
      const gx = (h(x + 4, y) - h(x - 4, y)) / 8;
      const gy = (h(x, y + 4) - h(x, y - 4)) / 8;
      const lit = flat ? 0 : (-gx * 0.7 - gy * 0.7) * slope; // light from the upper left
      const valley = flat ? 0 : Math.min(0, h(x, y)) * 0.7;
      const edge = -(1 - blurredMask[i] / 255) * 255 * rim;
      shading[i] = Math.max(0, Math.min(255, Math.round(128 + lit + valley + edge)));
      displacement[i * 3] = Math.max(0, Math.min(255, Math.round(128 + gx * shift)));
      displacement[i * 3 + 1] = Math.max(0, Math.min(255, Math.round(128 + gy * shift)));
    }
  }
  // Smoothed once more, for the same reason (the edge darkening is soft anyway).
  const smooth = (buffer, channels, sigma) => {
    const blurred = sharp(buffer, { raw: { width: SIZE, height: SIZE, channels } }).blur(sigma);
    return (channels === 1 ? blurred.extractChannel(0) : blurred).raw().toBuffer(); // libvips answers grey as sRGB
  };
  return { shading: await smooth(shading, 1, 2.5), displacement: await smooth(displacement, 3, 3) };
}

async function writeTemplate(name, { base, shading, displacement, json }) {
  const baseFile = `${name}.base.png`;
  await sharp(base)
    .resize(SIZE, SIZE)
    .png({ compressionLevel: 9, palette: true, quality: 90, effort: 10 })
    .toFile(OUT + baseFile);
  const shadingFile = `${name}.shading.png`;
  await sharp(shading, { raw: { width: SIZE, height: SIZE, channels: 1 } })
    .png({ compressionLevel: 9, palette: true, colours: 96, effort: 10, dither: 1 })
    .toFile(OUT + shadingFile);
  let displacementFile;
  if (displacement) {
    displacementFile = `${name}.displacement.png`;
    // Smooth by nature: kept at a quarter of the area, scaled up when loaded.
    await sharp(displacement, { raw: { width: SIZE, height: SIZE, channels: 3 } })
      .resize(SIZE / 2, SIZE / 2)
      .png({ compressionLevel: 9, palette: true, colours: 128, effort: 10, dither: 0 })
      .toFile(OUT + displacementFile);
  }
  const files = { base: baseFile, shading: shadingFile, ...(displacementFile ? { displacement: displacementFile } : {}) };
  writeFileSync(
    OUT + `${name}.json`,
    JSON.stringify({ id: name, licence: 'Printloom own drawing (see LICENCE.md)', size: OUTPUT, files, ...json }, null, 2) + '\n',
  );
}

const shadowOf = (path) => `<path d="${path}" transform="translate(10 16)" fill="#000" opacity="0.32" filter="url(#soft)"/>`;

// ── T-shirt, flat lay: 45 px per inch at 2000 px (chest 20.5 in, length 28 in), print area 12×16 in.
const TEE =
  'M 430 186 C 455 214 545 214 570 186 L 672 204 L 828 318 L 768 424 L 718 392 L 724 812 C 600 826 400 826 276 812 L 282 392 L 232 424 L 172 318 L 328 204 Z';
const TEE_FOLDS = `
  <g filter="url(#soft)">
    <path d="M 300 420 Q 380 560 330 760" stroke="#505050" stroke-width="26" fill="none"/>
    <path d="M 320 430 Q 400 570 352 770" stroke="#b8b8b8" stroke-width="14" fill="none"/>
    <path d="M 700 440 Q 640 600 690 790" stroke="#555" stroke-width="24" fill="none"/>
    <path d="M 680 450 Q 622 600 668 780" stroke="#b0b0b0" stroke-width="12" fill="none"/>
    <path d="M 420 700 Q 520 660 640 740" stroke="#606060" stroke-width="22" fill="none"/>
    <path d="M 420 680 Q 520 640 640 720" stroke="#a8a8a8" stroke-width="12" fill="none"/>
    <path d="M 290 330 Q 330 300 360 250" stroke="#606060" stroke-width="18" fill="none"/>
    <path d="M 710 330 Q 670 300 640 250" stroke="#606060" stroke-width="18" fill="none"/>
    <path d="M 450 470 Q 500 520 470 600" stroke="#707070" stroke-width="20" fill="none"/>
  </g>`;
async function drawTee() {
  const garment = `<path d="${TEE}" fill="#fff"/>`;
  const details = `
    <path d="M 430 186 C 455 214 545 214 570 186 L 586 192 C 560 236 440 236 414 192 Z" fill="#e6e6e6"/>
    <path d="M 422 192 C 450 228 550 228 578 192" stroke="#cfcfcf" stroke-width="2" fill="none"/>
    <path d="M 236 416 L 182 328" stroke="#d6d6d6" stroke-width="2" fill="none" transform="translate(9 -6)"/>
    <path d="M 764 416 L 818 328" stroke="#d6d6d6" stroke-width="2" fill="none" transform="translate(-9 -6)"/>
    <path d="M 278 798 C 400 812 600 812 722 798" stroke="#d6d6d6" stroke-width="2" fill="none"/>`;
  const base = svg(shadowOf(TEE) + garment + details);
  const { shading, displacement } = await mapsFromFolds({
    silhouette: svg(garment),
    folds: svg(`<path d="${TEE}" fill="#808080"/>` + TEE_FOLDS),
  });
  await writeTemplate('tee', {
    base,
    shading,
    displacement,
    json: {
      product: 'tee',
      pixelsPerInch: 45,
      // 12 in wide, 16 in tall, its top 2.5 in under the front collar; DTG placement: centred, top-aligned.
      printArea: { left: 730, top: 560, width: 540, height: 720, widthInches: 12, heightInches: 16, align: 'top' },
      displacementPx: 10,
      backdrop: '#ebe8e3',
    },
  });
}

// ── Hoodie, flat lay: 40 px per inch, print area 12×10 in above the pouch pocket.
const HOODIE =
  'M 420 170 C 440 120 560 120 580 170 L 670 196 C 760 230 800 300 830 420 L 880 760 L 800 776 L 744 470 L 742 820 C 620 838 380 838 258 820 L 256 470 L 200 776 L 120 760 L 170 420 C 200 300 240 230 330 196 Z';
async function drawHoodie() {
  const garment = `<path d="${HOODIE}" fill="#fff"/>`;
  const details = `
    <path d="M 400 190 C 400 120 600 120 600 190 C 590 250 410 250 400 190 Z" fill="#dcdcdc"/>
    <path d="M 420 196 C 430 150 570 150 580 196 C 560 236 440 236 420 196 Z" fill="#bdbdbd"/>
    <path d="M 470 236 L 462 372" stroke="#cfcfcf" stroke-width="5" stroke-linecap="round" fill="none"/>
    <path d="M 530 236 L 538 372" stroke="#cfcfcf" stroke-width="5" stroke-linecap="round" fill="none"/>
    <path d="M 350 640 L 650 640 L 690 770 L 310 770 Z" fill="none" stroke="#d2d2d2" stroke-width="3"/>
    <path d="M 262 790 C 400 804 600 804 738 790" stroke="#d4d4d4" stroke-width="3" fill="none"/>
    <path d="M 206 750 L 872 740" stroke="none"/>`;
  const base = svg(shadowOf(HOODIE) + garment + details);
  const folds = `<path d="${HOODIE}" fill="#808080"/>
  <g filter="url(#soft)">
    <path d="M 200 460 Q 190 600 170 740" stroke="#555" stroke-width="22" fill="none"/>
    <path d="M 800 460 Q 810 600 830 740" stroke="#555" stroke-width="22" fill="none"/>
    <path d="M 300 520 Q 330 640 300 800" stroke="#5a5a5a" stroke-width="24" fill="none"/>
    <path d="M 700 520 Q 670 640 700 800" stroke="#5a5a5a" stroke-width="24" fill="none"/>
    <path d="M 420 600 Q 500 570 600 610" stroke="#666" stroke-width="18" fill="none"/>
    <path d="M 360 330 Q 420 420 400 560" stroke="#b0b0b0" stroke-width="14" fill="none"/>
  </g>`;
  const { shading, displacement } = await mapsFromFolds({ silhouette: svg(garment), folds: svg(folds) });
  await writeTemplate('hoodie', {
    base,
    shading,
    displacement,
    json: {
      product: 'hoodie',
      pixelsPerInch: 40,
      printArea: { left: 760, top: 530, width: 480, height: 400, widthInches: 12, heightInches: 10, align: 'top' },
      displacementPx: 9,
      backdrop: '#e9e6e1',
    },
  });
}

// ── Tote bag, 15×16 in body at 50 px per inch, print area 12×12 in, handles above.
const TOTE_BODY = 'M 312 360 L 688 360 L 694 780 C 600 788 400 788 306 780 Z';
async function drawTote() {
  const handles = `
    <path d="M 392 364 C 392 170 468 150 470 364" stroke="#fff" stroke-width="22" fill="none"/>
    <path d="M 530 364 C 532 150 608 170 608 364" stroke="#fff" stroke-width="22" fill="none"/>`;
  const body = `<path d="${TOTE_BODY}" fill="#fff"/>`;
  const details = `
    <path d="M 392 364 C 392 170 468 150 470 364" stroke="#d8d8d8" stroke-width="2" fill="none" transform="translate(0 2)"/>
    <path d="M 530 364 C 532 150 608 170 608 364" stroke="#d8d8d8" stroke-width="2" fill="none" transform="translate(0 2)"/>
    <path d="M 316 384 L 684 384" stroke="#dcdcdc" stroke-width="2" stroke-dasharray="6 5" fill="none"/>`;
  const shadow = `<g transform="translate(10 16)" opacity="0.32" filter="url(#soft)"><path d="${TOTE_BODY}" fill="#000"/>
    <path d="M 392 364 C 392 170 468 150 470 364" stroke="#000" stroke-width="22" fill="none"/>
    <path d="M 530 364 C 532 150 608 170 608 364" stroke="#000" stroke-width="22" fill="none"/></g>`;
  const base = svg(shadow + handles + body + details);
  const folds = `<path d="${TOTE_BODY}" fill="#808080"/><g filter="url(#soft)">
    <path d="M 330 420 Q 360 600 340 760" stroke="#666" stroke-width="18" fill="none"/>
    <path d="M 660 420 Q 640 600 662 760" stroke="#666" stroke-width="18" fill="none"/>
    <path d="M 420 740 Q 500 700 580 745" stroke="#6a6a6a" stroke-width="16" fill="none"/></g>`;
  const { shading, displacement } = await mapsFromFolds({ silhouette: svg(body + handles), folds: svg(folds), rim: 0.25 });
  await writeTemplate('tote', {
    base,
    shading,
    displacement,
    json: {
      product: 'tote',
      pixelsPerInch: 50,
      printArea: { left: 700, top: 840, width: 600, height: 600, widthInches: 12, heightInches: 12, align: 'top' },
      displacementPx: 6,
      backdrop: '#e6e9ec',
    },
  });
}

// ── 11 oz mug, front view: 3.2 in across, 3.75 in tall; the 9×3.5 in wrap seen on its front half.
async function drawMug() {
  // At 2000 px: radius 450 px (3.2 in → 281 px per inch), body 1054 px tall; drawn at half that.
  const cx = 470,
    r = 225,
    top = 240,
    bottom = 767,
    b = 34; // b: half-height of the rim ellipse (slightly from above)
  const bodyPath = `M ${cx - r} ${top} L ${cx - r} ${bottom} A ${r} ${b} 0 0 0 ${cx + r} ${bottom} L ${cx + r} ${top} Z`;
  const handle = `<path d="M ${cx + r - 6} ${top + 90} C ${cx + r + 150} ${top + 70} ${cx + r + 160} ${bottom - 150} ${cx + r - 6} ${bottom - 110}" stroke="#fff" stroke-width="44" fill="none" stroke-linecap="round"/>`;
  const handleInner = `<path d="M ${cx + r - 6} ${top + 90} C ${cx + r + 150} ${top + 70} ${cx + r + 160} ${bottom - 150} ${cx + r - 6} ${bottom - 110}" stroke="#e2e2e2" stroke-width="10" fill="none" transform="translate(-4 2)"/>`;
  const rim = `<ellipse cx="${cx}" cy="${top}" rx="${r}" ry="${b}" fill="#fff"/><ellipse cx="${cx}" cy="${top + 3}" rx="${r - 12}" ry="${b - 6}" fill="#c9c9c9"/>`;
  const shadow = `<ellipse cx="${cx + 40}" cy="${bottom + 22}" rx="${r + 90}" ry="${b + 18}" fill="#000" opacity="0.35" filter="url(#soft)"/>`;
  const base = svg(shadow + handle + handleInner + `<path d="${bodyPath}" fill="#fff"/>` + rim);
  // Cylinder shading: each column lit by its normal's angle to a light at the upper left, a specular band.
  const shading = Buffer.alloc(SIZE * SIZE, 128);
  const mask = await alphaOf(svg(`<path d="${bodyPath}" fill="#fff"/>` + handle + rim));
  const inner = await alphaOf(svg(`<ellipse cx="${cx}" cy="${top + 3}" rx="${r - 12}" ry="${b - 6}" fill="#fff"/>`));
  for (let y = 0; y < SIZE; y++)
    for (let x = 0; x < SIZE; x++) {
      const i = y * SIZE + x;
      if (!mask[i]) continue;
      const u = (x - cx) / r;
      if (Math.abs(u) > 1 || inner[i]) continue;
      const theta = Math.asin(u);
      const diffuse = Math.cos(theta + 0.45); // light from the left
      const specular = Math.exp(-(((theta + 0.55) / 0.09) ** 2)) * 90 + Math.exp(-(((theta - 1.05) / 0.06) ** 2)) * 30;
      shading[i] = Math.max(0, Math.min(255, Math.round(128 - (1 - diffuse) * 95 + specular)));
    }
  await writeTemplate('mug', {
    base,
    shading,
    json: {
      product: 'mug',
      pixelsPerInch: 281,
      // The wrap's height in pixels on the mug's front; its width is the circumference the front shows.
      printArea: {
        left: (cx - r) * K,
        top: (top + 20) * K,
        width: 2 * r * K,
        height: 984,
        widthInches: 9,
        heightInches: 3.5,
        align: 'centre',
      },
      cylinder: { centreX: cx * K, radius: r * K, rimHalfHeight: b * K },
      backdrop: '#e8e4de',
    },
  });
}

// ── Framed 18×24 in poster on a wall: 50 px per inch, 2 in mat, 0.8 in frame, shadow below right.
async function drawPoster() {
  const art = { x: 275, y: 180, w: 450, h: 600 }; // drawn size (900×1200 at 2000)
  const mat = 50,
    frame = 20;
  const outer = { x: art.x - mat - frame, y: art.y - mat - frame, w: art.w + 2 * (mat + frame), h: art.h + 2 * (mat + frame) };
  const base = svg(`
    <rect x="${outer.x + 12}" y="${outer.y + 22}" width="${outer.w}" height="${outer.h}" fill="#000" opacity="0.38" filter="url(#soft)"/>
    <rect x="${outer.x}" y="${outer.y}" width="${outer.w}" height="${outer.h}" fill="#2b2622"/>
    <rect x="${outer.x + 3}" y="${outer.y + 3}" width="${outer.w - 6}" height="${outer.h - 6}" fill="none" stroke="#4a423b" stroke-width="3"/>
    <rect x="${art.x - mat}" y="${art.y - mat}" width="${art.w + 2 * mat}" height="${art.h + 2 * mat}" fill="#f7f5f0"/>
    <rect x="${art.x - mat}" y="${art.y - mat}" width="${art.w + 2 * mat}" height="8" fill="#000" opacity="0.12" filter="url(#blur3)"/>
    <rect x="${art.x - 2}" y="${art.y - 2}" width="${art.w + 4}" height="${art.h + 4}" fill="#d9d5cc"/>
    <rect x="${art.x}" y="${art.y}" width="${art.w}" height="${art.h}" fill="#fff"/>`);
  // Glass: a faint diagonal sheen; the inner edge of the mat casts a thin shadow on the art.
  const sheen = svg(`<rect width="${SIZE}" height="${SIZE}" fill="#808080"/>
    <polygon points="${art.x - mat},${art.y + 80} ${art.x + 140},${art.y - mat} ${art.x + 300},${art.y - mat} ${art.x - mat},${art.y + 330}" fill="#8e8e8e" filter="url(#soft)"/>
    <rect x="${art.x}" y="${art.y}" width="${art.w}" height="5" fill="#6a6a6a" filter="url(#blur3)"/>
    <rect x="${art.x}" y="${art.y}" width="5" height="${art.h}" fill="#707070" filter="url(#blur3)"/>`);
  await writeTemplate('poster', {
    base,
    shading: await greyOf(sheen),
    json: {
      product: 'poster',
      pixelsPerInch: 50,
      printArea: {
        left: art.x * K,
        top: art.y * K,
        width: art.w * K,
        height: art.h * K,
        widthInches: 18,
        heightInches: 24,
        align: 'centre',
      },
      paper: '#ffffff',
      backdrop: '#dcd6cc',
    },
  });
}

mkdirSync(OUT, { recursive: true });
await Promise.all([drawTee(), drawHoodie(), drawTote(), drawMug(), drawPoster()]);
console.log(`mockup templates written to ${OUT}`);
