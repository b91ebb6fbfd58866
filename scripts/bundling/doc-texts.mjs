// Texts the add-on never reads when it runs, taken out of Code.js (it has a size budget):
// - each custom function's JSDoc (summary, parameter texts, return line): Apps Script reads it above the function's
//   global wrapper, where build.mjs writes it; the bundle carried the same texts only so the build could read them;
// - each catalogue operation's description: the n8n node shows it, and the sidebar's "Run an operation" forms carry
//   it (written into Sidebar.html by build.mjs); nothing in Apps Script reads it.
// Only a text found exactly once in the bundle, as a quoted literal, is blanked.

/** The texts of one custom function's doc lines, as its declaration wrote them. */
export function docTexts(doc) {
  return doc.flatMap((line) => {
    if (line === '@customfunction') return [];
    const param = /^@param \{[^}]*\} \S+ (.*)$/.exec(line);
    if (param) return [param[1]];
    const ret = /^@return (.*)$/.exec(line);
    return [ret ? ret[1] : line];
  });
}

/** How esbuild may have written a text: double-quoted, or single-quoted when it holds double quotes. */
const literals = (text) => [JSON.stringify(text), `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`];

export function withoutTexts(code, texts) {
  let out = code;
  for (const text of new Set(texts)) {
    if (text.length < 8) continue;
    for (const literal of literals(text)) if (out.split(literal).length === 2) out = out.replace(literal, '""');
  }
  return out;
}
