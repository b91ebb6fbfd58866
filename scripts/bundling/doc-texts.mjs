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

/**
 * The code with each text's literal blanked (`""`), or, where the literal is the value of one of `keys` in an object
 * literal (`description:"..."`), with that property taken out whole: nothing in the add-on reads it, and the empty
 * value would still cost its key (about 1.4 KB over the catalogue's descriptions and the custom functions' summaries).
 */
export function withoutTexts(code, texts, keys = []) {
  let out = code;
  for (const text of new Set(texts)) {
    if (text.length < 8) continue;
    for (const literal of literals(text)) {
      const at = out.indexOf(literal);
      if (at < 0 || out.indexOf(literal, at + 1) >= 0) continue; // only a text found exactly once
      const end = at + literal.length;
      const key = keys.find((k) => out.slice(at - k.length - 1, at) === `${k}:` && /[\w$]/.test(out[at - k.length - 2]) === false);
      const start = key ? at - key.length - 1 : -1;
      if (key && out[start - 1] === ',' && /[,}]/.test(out[end])) out = out.slice(0, start - 1) + out.slice(end);
      else if (key && out[start - 1] === '{' && out[end] === ',') out = out.slice(0, start) + out.slice(end + 1);
      else out = out.slice(0, at) + '""' + out.slice(end);
    }
  }
  return out;
}
