// Every module-level lazySchema / lazyList call carries esbuild's pure-call comment, so a bundle that never reads a
// schema leaves it out (shared/validation/lazy-schema.ts). A call without it keeps its schema in every bundle.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';

const ROOT = join(__dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** `const x = lazySchema(` at a module's top level (a line that starts with the declaration). */
const MODULE_LEVEL_CALL = /^(?:export )?const \w+(?:: [^=]+)? = (\/\* @__PURE__ \*\/ )?(lazySchema|lazyList|lazyLooseObject|lazyStrictObject)\(/;

describe('module-level lazy schemas are marked pure', () => {
  const files = ['shared', 'apps-script/src', 'n8n-nodes'].flatMap((dir) => sources(join(ROOT, dir)));
  const calls = files.flatMap((file) =>
    readFileSync(file, 'utf8')
      .split('\n')
      .flatMap((line, i) => {
        const m = MODULE_LEVEL_CALL.exec(line);
        return m ? [{ where: `${relative(ROOT, file)}:${i + 1}`, pure: Boolean(m[1]) }] : [];
      }),
  );

  it('finds the calls it checks', () => {
    expect(calls.length).toBeGreaterThan(100);
  });

  it('marks each with /* @__PURE__ */', () => {
    expect(calls.filter((c) => !c.pure).map((c) => c.where)).toEqual([]);
  });

  it('lets esbuild leave out a schema nothing reads', async () => {
    const esbuild = await import('esbuild');
    const entry = "import { successOnlySchema } from './shared/records/envelope';\nexport const read = successOnlySchema;\n";
    const build = (contents: string) =>
      esbuild.build({
        stdin: { contents, resolveDir: ROOT, loader: 'ts' },
        bundle: true,
        write: false,
        format: 'esm',
        platform: 'neutral',
        logLevel: 'silent',
      });
    const used = (await build(entry)).outputFiles[0].text;
    const unused = (await build("import { successOnlySchema } from './shared/records/envelope';\nexport const read = 1;\n")).outputFiles[0].text;
    expect(used).toContain('looseObject');
    expect(unused).not.toContain('looseObject');
  });
});
