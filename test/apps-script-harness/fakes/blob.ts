/**
 * Blob (Utilities.newBlob, HTTPResponse.getBlob). Byte arrays cross to the script as Apps Script's Byte[]:
 * plain arrays of *signed* bytes (-128..127).
 */
import { GasException } from '../errors';

export function toSignedBytes(buf: Uint8Array): number[] {
  return Array.from(buf, (b) => (b > 127 ? b - 256 : b));
}

/** Accepts what scripts pass as data: a string (UTF-8), a Byte[] or a Blob. */
export function toBuffer(data: unknown, charset = 'UTF_8'): Buffer {
  if (data instanceof Blob) return Buffer.from(data._bytes);
  if (Array.isArray(data)) return Buffer.from(data.map((b) => Number(b) & 0xff));
  if (typeof data === 'string' || typeof data === 'number' || typeof data === 'boolean') {
    return Buffer.from(String(data), charset === 'US_ASCII' ? 'latin1' : 'utf8');
  }
  throw new GasException('Invalid argument: data');
}

export class Blob {
  constructor(
    public _bytes: Buffer,
    private _contentType: string | null = null,
    private _name: string | null = null,
  ) {}
  getBytes(): number[] {
    return toSignedBytes(this._bytes);
  }
  getDataAsString(charset?: unknown): string {
    return this._bytes.toString(charset === 'US_ASCII' ? 'latin1' : 'utf8');
  }
  setDataFromString(s: unknown): Blob {
    this._bytes = Buffer.from(String(s), 'utf8');
    return this;
  }
  setBytes(data: unknown): Blob {
    this._bytes = toBuffer(data);
    return this;
  }
  getContentType(): string | null {
    return this._contentType;
  }
  setContentType(t: unknown): Blob {
    this._contentType = t === null ? null : String(t);
    return this;
  }
  getName(): string | null {
    return this._name;
  }
  setName(n: unknown): Blob {
    this._name = String(n);
    return this;
  }
  copyBlob(): Blob {
    return new Blob(Buffer.from(this._bytes), this._contentType, this._name);
  }
  isGoogleType(): boolean {
    return false;
  }
}
