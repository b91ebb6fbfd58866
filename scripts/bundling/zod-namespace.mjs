// An esbuild plugin that lets esbuild drop the parts of zod a bundle never calls. The sources write
// `import { z } from 'zod'`: that `z` is one object re-exported from inside zod, which esbuild keeps whole (every
// schema type, every locale, JSON Schema import, the schema compiler: about 390 KB minified, 200 KB of it locales).
// `import * as z from 'zod'` names the same functions and types, and esbuild resolves each static `z.string` of such a
// namespace import to the function itself, so only what is called (and what that calls) is bundled. The validating
// code is zod's own, unchanged; English messages stay (zod's schemas.js registers `en` itself).
import { readFileSync } from 'node:fs';

const NAMED_Z = /^import \{ z \} from 'zod';$/m;

export function zodNamespace() {
  return {
    name: 'zod-namespace',
    setup(build) {
      // Returns nothing for a file without that import, so esbuild loads it as usual.
      build.onLoad({ filter: /\.ts$/, namespace: 'file' }, ({ path }) => {
        const source = readFileSync(path, 'utf8');
        if (!NAMED_Z.test(source)) return undefined;
        return { contents: source.replace(NAMED_Z, "import * as z from 'zod';"), loader: 'ts' };
      });
    },
  };
}
