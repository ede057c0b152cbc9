// @vitest-environment node
//
// Proves the import-boundary rule of eslint.config.js can fail: ESLint's Node API
// lints small made-up files (they need not exist on disk) at chosen paths and the
// test checks which imports are refused. Every import points at a real module, so
// the resolver follows it (an unresolved import would show up as import-x/no-unresolved).
import { readdirSync } from 'node:fs';
import path from 'node:path';

import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = import.meta.dirname;
const BOUNDARY_RULE = 'import-x/no-restricted-paths';

/** Every feature folder, and one of its source modules as an `@/` specifier. */
const features = readdirSync(path.join(root, 'src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => ({ name: entry.name, module: firstModule(`src/features/${entry.name}`) }));

function firstModule(dir: string): string {
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (entry.isDirectory()) {
      const found = firstModule(`${dir}/${entry.name}`);
      if (found) return found;
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      return `@/${dir.slice('src/'.length)}/${entry.name.replace(/\.tsx?$/, '')}`;
    }
  }
  return '';
}

const importLines = (specifiers: string[]) =>
  specifiers.map((specifier, i) => `import * as m${i} from '${specifier}';\nexport { m${i} };\n`).join('');

/** The i-th feature (the test needs at least two). */
function feature(i: number) {
  const found = features[i];
  if (!found) throw new Error(`src/features holds fewer than ${i + 1} feature folders`);
  return found;
}

let eslint: ESLint;

/** The messages ESLint reports for `code` placed at `filePath` (relative to web/). */
async function lint(filePath: string, specifiers: string[]) {
  const [result] = await eslint.lintText(importLines(specifiers), { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message }));
}

// Loading the config (typescript-eslint, the resolver) takes a moment on a busy machine.
describe('import boundaries (eslint.config.js)', { timeout: 30_000 }, () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it('finds the features it protects', () => {
    expect(features.length).toBeGreaterThanOrEqual(2);
    for (const feature of features) expect(feature.module, feature.name).not.toBe('');
  });

  it('refuses a feature importing another feature, by alias or relative path', async () => {
    const [a, b] = [feature(0), feature(1)];
    const byAlias = await lint(`src/features/${a.name}/components/probe.tsx`, [b.module]);
    expect(byAlias).toEqual([{ ruleId: BOUNDARY_RULE, message: expect.stringContaining('Features never import each other') }]);

    const relative = `../../${b.module.slice('@/features/'.length)}`;
    const byPath = await lint(`src/features/${a.name}/components/probe.tsx`, [relative]);
    expect(byPath.map((m) => m.ruleId)).toEqual([BOUNDARY_RULE]);
  });

  it('covers a feature folder that did not exist when the config was written', async () => {
    const messages = await lint(
      'src/features/brand-new-feature/api/probe.ts',
      features.map((f) => f.module),
    );
    expect(messages.map((m) => m.ruleId)).toEqual(features.map(() => BOUNDARY_RULE));
  });

  it('lets a feature import itself and the shared folders', async () => {
    const a = feature(0);
    const messages = await lint(`src/features/${a.name}/components/probe.tsx`, [
      a.module,
      '@/lib/api-client',
      '@/components/ui/card',
      '@/config/paths',
      '@/utils/format',
      '@/types/analysis',
    ]);
    expect(messages).toEqual([]);
  });

  it('refuses a feature importing src/app', async () => {
    const a = feature(0);
    const messages = await lint(`src/features/${a.name}/components/probe.tsx`, ['@/app/routes-config']);
    expect(messages.map((m) => m.ruleId)).toEqual([BOUNDARY_RULE]);
  });

  it('allows src/app to import every feature', async () => {
    expect(await lint('src/app/routes/probe.tsx', features.map((f) => f.module))).toEqual([]);
  });

  it.each(['components', 'config', 'hooks', 'lib', 'testing', 'types', 'utils'])(
    'refuses src/%s importing a feature or src/app',
    async (folder) => {
      const a = feature(0);
      const messages = await lint(`src/${folder}/probe.ts`, [a.module, '@/app/provider']);
      expect(messages).toEqual([
        { ruleId: BOUNDARY_RULE, message: expect.stringContaining('Shared folders never import') },
        { ruleId: BOUNDARY_RULE, message: expect.stringContaining('Shared folders never import') },
      ]);
    },
  );
});
