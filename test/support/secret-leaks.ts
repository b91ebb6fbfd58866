/**
 * The forms a leaked secret takes, computed here independently of the code under test (Node's Buffer, not the
 * core's encoders): raw, upper and lower case, URL-encoded, JSON-escaped, base64 and hex of the value and of the
 * header line that carries it, and cut pieces of 8 characters. `leaksIn` names every form found in a text.
 */
export interface LeakForm {
  name: string;
  text: string;
}

export function leakForms(secret: string, headerLines: readonly string[] = [`token: ${secret}`, `Authorization: Bearer ${secret}`]): LeakForm[] {
  const forms: LeakForm[] = [
    { name: 'raw', text: secret },
    { name: 'upper', text: secret.toUpperCase() },
    { name: 'lower', text: secret.toLowerCase() },
    { name: 'url-encoded', text: encodeURIComponent(secret) },
    { name: 'json-escaped', text: JSON.stringify(secret).slice(1, -1) },
    { name: 'base64', text: Buffer.from(secret).toString('base64') },
    { name: 'hex', text: Buffer.from(secret).toString('hex') },
    { name: 'HEX', text: Buffer.from(secret).toString('hex').toUpperCase() },
    { name: 'head piece', text: secret.slice(0, 8) },
    { name: 'middle piece', text: secret.slice(Math.floor(secret.length / 2) - 4, Math.floor(secret.length / 2) + 4) },
    { name: 'tail piece', text: secret.slice(-8) },
  ];
  headerLines.forEach((line, i) => {
    forms.push({ name: `base64 of header line ${i + 1}`, text: Buffer.from(line).toString('base64') });
    forms.push({ name: `hex of header line ${i + 1}`, text: Buffer.from(line).toString('hex') });
  });
  return forms;
}

/**
 * The forms of `secret` found in `text`. A header line's encodings are looked for whole (their first characters
 * encode only the header's name), everything else whole and case-sensitively as written.
 */
export function leaksIn(text: string, secret: string): string[] {
  return leakForms(secret)
    .filter((f) => text.includes(f.text) || (!/header line/.test(f.name) && text.toLowerCase().includes(f.text.toLowerCase()) && /piece|raw/.test(f.name)))
    .map((f) => f.name);
}
