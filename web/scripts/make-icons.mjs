// Draws the home-screen icons (public/icons/*.png) from public/icons/icon.svg with the system
// Chromium, so the PNGs are reproducible from the SVG without an image library.
// The SVG is full-bleed with the letter inside the central 80% circle, so one drawing serves as
// both the "any" and the "maskable" icon (Android crops maskable icons to a circle or squircle).
// Run after changing the SVG: `node scripts/make-icons.mjs`.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { chromium } from 'playwright-core';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
const SIZES = [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
];

const svg = await readFile(path.join(dir, 'icon.svg'), 'utf8');
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  for (const [file, size] of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
    await page.screenshot({ path: path.join(dir, file), omitBackground: false });
    await page.close();
    console.log(`wrote ${file} (${size}x${size})`);
  }
} finally {
  await browser.close();
}
