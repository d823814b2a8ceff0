// Renders the PWA icons (a gold "E" on the dark theme background) into public/icons/ with sharp.
// Run once after changing the mark: `node scripts/make-icons.mjs`; the PNGs are committed.
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const BG = '#0f0f10'; // --bg of the dark theme (src/styles/index.css)
const GOLD = '#d4a017'; // --accent
const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));

/**
 * The mark on a 512 grid: a block "E" built from rectangles (no font needed), with a thin gold ring.
 * `scale` shrinks it around the centre: maskable icons keep it inside the 80 % safe circle.
 */
function svg(size, { scale = 1, ring = true } = {}) {
  const s = 512;
  const c = s / 2;
  const t = (v) => c + (v - c) * scale;
  const w = (v) => v * scale;
  // The E: a stem and three arms, 200 × 260 centred.
  const x0 = 166;
  const y0 = 126;
  const bars = [
    [x0, y0, 56, 260], // stem
    [x0, y0, 190, 52], // top
    [x0, y0 + 104, 160, 52], // middle
    [x0, y0 + 208, 190, 52], // bottom
  ];
  const rects = bars.map(([x, y, bw, bh]) => `<rect x="${t(x)}" y="${t(y)}" width="${w(bw)}" height="${w(bh)}" rx="${w(6)}" fill="${GOLD}"/>`).join('');
  const ringEl = ring ? `<circle cx="${c}" cy="${c}" r="${w(226)}" fill="none" stroke="${GOLD}" stroke-width="${w(14)}"/>` : '';
  const bg = `<rect width="${s}" height="${s}" fill="${BG}"/>`;
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${s} ${s}">${bg}${ringEl}${rects}</svg>`);
}

const icons = [
  { file: 'icon-192.png', size: 192, opts: {} },
  { file: 'icon-512.png', size: 512, opts: {} },
  // Maskable: full-bleed background, the mark inside the safe zone (a circle of 40 % radius).
  { file: 'maskable-192.png', size: 192, opts: { scale: 0.72, ring: false } },
  { file: 'maskable-512.png', size: 512, opts: { scale: 0.72, ring: false } },
  // iOS rounds the corners itself and shows transparency as black: opaque, no ring.
  { file: 'apple-touch-icon-180.png', size: 180, opts: { scale: 0.85, ring: false } },
];

await mkdir(OUT, { recursive: true });
for (const { file, size, opts } of icons) {
  await sharp(svg(size, opts)).resize(size, size).flatten({ background: BG }).png({ compressionLevel: 9 }).toFile(join(OUT, file));
  console.log(`public/icons/${file} (${size}×${size})`);
}
