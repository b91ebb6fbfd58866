/**
 * The package README as a web page for `npm start`'s documentation links: each heading gets GitHub's anchor (so the
 * same `#section` links work here and on GitHub), code blocks stay as they are, other text is shown as written.
 * Deliberately small: a readable page with working anchors, not a full Markdown renderer.
 */

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens; a repeat gets -1, -2, … */
export function anchorSlugger(): (heading: string) => string {
  const seen = new Map<string, number>();
  return (heading) => {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count ? `${base}-${count}` : base;
  };
}

export interface ReadmeHeading {
  level: number;
  text: string;
  anchor: string;
}

/** The headings of a Markdown text (outside code blocks), each with its level, text and GitHub anchor. */
export function readmeHeadings(markdown: string): ReadmeHeading[] {
  const slug = anchorSlugger();
  const headings: ReadmeHeading[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) inCode = !inCode;
    const m = !inCode && /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (m) headings.push({ level: m[1].length, text: m[2], anchor: slug(m[2]) });
  }
  return headings;
}

/** The README as one HTML page: anchored headings, code blocks in <pre>, the rest as pre-wrapped paragraphs. */
export function readmeHtml(markdown: string, title: string): string {
  const slug = anchorSlugger();
  const out: string[] = [];
  let block: string[] = [];
  let inCode = false;
  const flush = (tag: 'p' | 'pre') => {
    if (block.length) out.push(`<${tag}>${escapeHtml(block.join('\n'))}</${tag}>`);
    block = [];
  };
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) {
      flush(inCode ? 'pre' : 'p');
      inCode = !inCode;
      continue;
    }
    const m = !inCode && /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(line);
    if (m) {
      flush('p');
      out.push(`<h${m[1].length} id="${escapeHtml(slug(m[2]))}">${escapeHtml(m[2].replace(/`/g, ''))}</h${m[1].length}>`);
    } else if (!inCode && line.trim() === '') flush('p');
    else block.push(line);
  }
  flush(inCode ? 'pre' : 'p');
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>`,
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem}p{white-space:pre-wrap}pre{background:#f4f4f4;padding:.75rem;overflow:auto}</style>',
    '</head><body>',
    ...out,
    '</body></html>',
  ].join('\n');
}
