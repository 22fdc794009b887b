// Renders the app icons in public/ from scripts/icon-source.svg with the system Chromium.
// Run after changing the artwork: node pwa/scripts/render-icons.mjs
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const source = await readFile(here('./icon-source.svg'), 'utf8');

// Maskable icons are cropped to a circle of 80% of their size by the platform:
// a full-bleed background and the artwork shrunk towards the centre keeps it inside.
const maskable = source
  .replace('rx="104" fill="#1f4e79"/>', 'fill="#1f4e79"/>\n  <g transform="translate(38.4 38.4) scale(0.85)">')
  .replace('</svg>', '</g>\n</svg>');

const icons = [
  { file: 'pwa-192x192.png', size: 192, svg: source },
  { file: 'pwa-512x512.png', size: 512, svg: source },
  { file: 'maskable-icon-512x512.png', size: 512, svg: maskable },
  { file: 'apple-touch-icon-180x180.png', size: 180, svg: maskable },
  { file: 'favicon-32x32.png', size: 32, svg: source },
  { file: 'favicon-16x16.png', size: 16, svg: source },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
const pngs = new Map();
try {
  for (const { file, size, svg } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const sized = svg.replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0">${sized}</body></html>`);
    const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await writeFile(here(`../public/${file}`), png);
    pngs.set(size === 32 || size === 16 ? size : file, png);
    await page.close();
  }
} finally {
  await browser.close();
}

// favicon.ico holding the 16 and 32 pixel PNGs (the ICO format allows PNG payloads).
const entries = [16, 32].map((size) => ({ size, png: pngs.get(size) }));
const header = Buffer.alloc(6);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(entries.length, 4);
let offset = 6 + 16 * entries.length;
const directory = entries.map(({ size, png }) => {
  const entry = Buffer.alloc(16);
  entry.writeUInt8(size, 0);
  entry.writeUInt8(size, 1);
  entry.writeUInt16LE(1, 4);
  entry.writeUInt16LE(32, 6);
  entry.writeUInt32LE(png.length, 8);
  entry.writeUInt32LE(offset, 12);
  offset += png.length;
  return entry;
});
await writeFile(here('../public/favicon.ico'), Buffer.concat([header, ...directory, ...entries.map((e) => e.png)]));
console.info(`Rendered ${icons.length} PNG icons and favicon.ico`);
