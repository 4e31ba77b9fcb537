// Draws the installed app's icons (apps/web/public/icons/) from the favicon's design: run once when
// the design changes (`node scripts/make-app-icons.mjs`) and commit the PNGs. Sharp comes with the
// server's media processing.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharp = createRequire(path.join(root, 'apps/server/package.json'))('sharp');
const out = path.join(root, 'apps/web/public/icons');

// The barbell of favicon.svg on a 32-unit grid, drawn on a background of `size` units.
const barbell = (offset) =>
  `<g fill="#fff" transform="translate(${offset} ${offset})"><rect x="4" y="9" width="5" height="14" rx="1.5"/><rect x="23" y="9" width="5" height="14" rx="1.5"/><rect x="9" y="14.5" width="14" height="3"/></g>`;
// "any": the rounded tile itself. "maskable": a full square, the barbell inside the middle 80 % safe
// zone that every platform's mask keeps (https://w3c.github.io/manifest/#icon-masks).
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#c4302b"/>${barbell(0)}</svg>`;
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" fill="#c4302b"/>${barbell(4)}</svg>`;
// iOS draws its own rounded corners and shows transparency as black: a full square.
const apple = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"><rect width="36" height="36" fill="#c4302b"/>${barbell(2)}</svg>`;

fs.mkdirSync(out, { recursive: true });
for (const [name, svg, size] of [
  ['icon-192.png', any, 192],
  ['icon-512.png', any, 512],
  ['icon-maskable-512.png', maskable, 512],
  ['apple-touch-icon.png', apple, 180],
]) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(out, name));
  console.log(`${name}: ${size} × ${size}`);
}
