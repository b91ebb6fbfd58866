/**
 * Apps Script's V8 has no WHATWG `URL` class, but zod's `.url()` checks (used by the core's record and
 * settings schemas) construct one. This installs a small parser for absolute URLs when, and only when, the
 * runtime lacks `URL`: enough for those checks (protocol, hostname, href), not a general implementation.
 */
const ABSOLUTE = /^([a-zA-Z][a-zA-Z0-9+.-]*):(\/\/(?:([^@/?#]*)@)?(\[[0-9a-fA-F:.]+\]|[^:/?#]*)(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/;

class MinimalUrl {
  readonly protocol: string;
  readonly username: string;
  readonly hostname: string;
  readonly port: string;
  readonly pathname: string;
  readonly search: string;
  readonly hash: string;

  constructor(input: unknown) {
    const text = String(input).replace(/[\t\n\r]/g, '').trim();
    const m = ABSOLUTE.exec(text);
    const special = m !== null && /^(https?|ftp|wss?|file)$/i.test(m[1]);
    if (!m || /\s/.test(text) || (special && (m[2] === undefined || (m[4] === '' && m[1].toLowerCase() !== 'file')))) throw new TypeError(`Invalid URL: ${text}`);
    this.protocol = `${m[1].toLowerCase()}:`;
    this.username = m[3] ?? '';
    this.hostname = (m[4] ?? '').toLowerCase();
    this.port = m[5] ?? '';
    this.pathname = m[6] || (special ? '/' : '');
    this.search = m[7] && m[7] !== '?' ? m[7] : '';
    this.hash = m[8] && m[8] !== '#' ? m[8] : '';
  }

  get host(): string {
    return this.port ? `${this.hostname}:${this.port}` : this.hostname;
  }

  get origin(): string {
    return `${this.protocol}//${this.host}`;
  }

  get href(): string {
    const auth = this.username ? `${this.username}@` : '';
    return `${this.protocol}//${auth}${this.host}${this.pathname}${this.search}${this.hash}`;
  }

  toString(): string {
    return this.href;
  }

  static canParse(input: unknown): boolean {
    try {
      new MinimalUrl(input);
      return true;
    } catch {
      return false;
    }
  }

  static parse(input: unknown): MinimalUrl | null {
    try {
      return new MinimalUrl(input);
    } catch {
      return null;
    }
  }
}

const scope = globalThis as unknown as { URL?: unknown };
if (typeof scope.URL === 'undefined') scope.URL = MinimalUrl;

export { MinimalUrl };
