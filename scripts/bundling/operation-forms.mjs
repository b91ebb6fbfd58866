// The "Run an operation" forms for Sidebar.html, computed at build time from the catalogue
// (apps-script/src/run/operation-forms.ts): they are the same for every user, and Code.js has a size budget.
import * as esbuild from 'esbuild';
import { createRequire } from 'node:module';
import { join } from 'node:path';

// Where Sidebar.html takes the forms (its `var OPERATION_FORMS = ...` line).
export const FORMS_MARK = '/* build: operation forms */ null';

export async function operationFormsJson(appsScriptDir) {
  const built = await esbuild.build({
    entryPoints: [join(appsScriptDir, 'src', 'run', 'operation-forms.ts')],
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    logLevel: 'warning',
  });
  const module = { exports: {} };
  new Function('module', 'exports', 'require', built.outputFiles[0].text)(module, module.exports, createRequire(import.meta.url));
  // Inside a <script>: no "</script>" or "<!--" can come from a description.
  return JSON.stringify(module.exports.operationForms()).replace(/</g, '\\u003c');
}

/** Sidebar.html with the forms written in; a sidebar without the mark is a mistake, not a sidebar without forms. */
export function withOperationForms(html, formsJson) {
  if (!html.includes(FORMS_MARK)) throw new Error(`Sidebar.html lacks "${FORMS_MARK}", where the operation forms go`);
  return html.replace(FORMS_MARK, () => formsJson);
}
