/**
 * HtmlService, running *inside* the vm: templates are compiled there so scriptlets see the script's own globals
 * (e.g. `<?!= include('Styles') ?>`) and the template's assigned variables, exactly as in Apps Script.
 * <?= ?> output is HTML-escaped (Apps Script escapes contextually; plain HTML escaping is the strict subset we check).
 */
export interface HtmlFiles {
  read(name: string): string;
}

export function escapeHtml(v: unknown): string {
  return String(v ?? '').replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export class HtmlOutput {
  _content: string;
  _title = '';
  _width: number | null = null;
  _height: number | null = null;
  constructor(content = '') {
    this._content = content;
  }
  append(html: unknown): HtmlOutput {
    this._content += String(html);
    return this;
  }
  appendUntrusted(text: unknown): HtmlOutput {
    this._content += escapeHtml(text);
    return this;
  }
  clear(): HtmlOutput {
    this._content = '';
    return this;
  }
  getContent(): string {
    return this._content;
  }
  setContent(html: unknown): HtmlOutput {
    this._content = String(html);
    return this;
  }
  setTitle(title: unknown): HtmlOutput {
    this._title = String(title);
    return this;
  }
  getTitle(): string {
    return this._title;
  }
  setWidth(w: unknown): HtmlOutput {
    this._width = Number(w);
    return this;
  }
  getWidth(): number | null {
    return this._width;
  }
  setHeight(h: unknown): HtmlOutput {
    this._height = Number(h);
    return this;
  }
  getHeight(): number | null {
    return this._height;
  }
  setSandboxMode(_mode: unknown): HtmlOutput {
    return this;
  }
  setXFrameOptionsMode(_mode: unknown): HtmlOutput {
    return this;
  }
  addMetaTag(name: unknown, content: unknown): HtmlOutput {
    this._content = `<meta name="${escapeHtml(name)}" content="${escapeHtml(content)}">` + this._content;
    return this;
  }
  setFaviconUrl(_url: unknown): HtmlOutput {
    return this;
  }
  asTemplate(): HtmlTemplate {
    return new HtmlTemplate(this._content);
  }
  toString(): string {
    return 'HtmlOutput';
  }
}

/** Compiles scriptlets to the body of a sloppy-mode function run with `with (template)`. */
export function compileTemplate(src: string): string {
  let code = '';
  let last = 0;
  const re = /<\?(!=|=)?([\s\S]*?)\?>/g;
  for (let m = re.exec(src); m; m = re.exec(src)) {
    if (m.index > last) code += `__out.push(${JSON.stringify(src.slice(last, m.index))});\n`;
    const body = m[2].trim().replace(/;\s*$/, '');
    if (m[1] === '=') code += `__out.push(__esc(${body}));\n`;
    else if (m[1] === '!=') code += `__out.push(__raw(${body}));\n`;
    else code += `${m[2]}\n`;
    last = re.lastIndex;
  }
  if (last < src.length) code += `__out.push(${JSON.stringify(src.slice(last))});\n`;
  return code;
}

export class HtmlTemplate {
  [variable: string]: unknown;
  constructor(private readonly _src: string) {}
  evaluate(): HtmlOutput {
    const out: string[] = [];
    // Function() builds a sloppy-mode function in this (the vm's) realm, so globals are the script's globals.
    const fn = new Function('__vars', '__out', '__esc', '__raw', `with (__vars) {\n${compileTemplate(this._src)}}`);
    fn(this, out, escapeHtml, (v: unknown) => (v === undefined || v === null ? '' : String(v)));
    return new HtmlOutput(out.join(''));
  }
  getCode(): string {
    return compileTemplate(this._src);
  }
  getCodeWithComments(): string {
    return compileTemplate(this._src);
  }
  getRawContent(): string {
    return this._src;
  }
}

export function makeHtmlService(files: HtmlFiles): Record<string, unknown> {
  return {
    createHtmlOutput: (html?: unknown) => new HtmlOutput(html === undefined ? '' : String(html)),
    createHtmlOutputFromFile: (name: unknown) => new HtmlOutput(files.read(String(name))),
    createTemplate: (html: unknown) => new HtmlTemplate(String(html)),
    createTemplateFromFile: (name: unknown) => new HtmlTemplate(files.read(String(name))),
    getUserAgent: () => 'Mozilla/5.0 (harness)',
    SandboxMode: { EMULATED: 'EMULATED', IFRAME: 'IFRAME', NATIVE: 'NATIVE' },
    XFrameOptionsMode: { ALLOWALL: 'ALLOWALL', DEFAULT: 'DEFAULT' },
  };
}
