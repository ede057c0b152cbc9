// Gzipped JavaScript a first visit to each route downloads: the entry chunk, the
// route's lazy chunk, and everything they import statically (transitively).
// Reads dist/.vite/manifest.json, so run `npm run build` first.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'));

const ROUTES = {
  home: 'src/app/routes/home.tsx',
  stock: 'src/app/routes/stock.tsx',
  auth: 'src/app/routes/auth.tsx',
  analytics: 'src/app/routes/analytics.tsx',
  'how-it-works': 'src/app/routes/how-it-works.tsx',
};
const GOALS = { home: 170, stock: 300 };

const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);

function collect(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
  return seen;
}

const gz = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

let failed = false;
console.log('route          gzipped JS   files');
for (const [name, src] of Object.entries(ROUTES)) {
  if (!manifest[src]) throw new Error(`${src} is not in the manifest; is it still a lazy route?`);
  const files = collect(src, collect(entryKey));
  const total = [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0);
  const goal = GOALS[name];
  const verdict = goal ? (total / 1024 <= goal ? ` (goal <= ${goal} KB: ok)` : ` (goal <= ${goal} KB: OVER)`) : '';
  if (goal && total / 1024 > goal) failed = true;
  console.log(`${name.padEnd(14)} ${kb(total).padStart(7)} KB   ${files.size}${verdict}`);
}
const recharts = (src) => [...collect(src)].some((f) => readFileSync(path.join(dist, f), 'utf8').includes('recharts'));
console.log(`recharts in the home route: ${recharts(ROUTES.home) || recharts(entryKey) ? 'YES (bad)' : 'no'}`);
process.exit(failed ? 1 : 0);
