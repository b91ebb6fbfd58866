/**
 * The package README as a web page for `npm start`'s documentation links, rendered the way GitHub and npm show it:
 * headings with GitHub's anchors (so the same `#section` links work here and there), fenced code, inline code, bold
 * and italics, links and images (relative ones resolve against the page's own address, which the server answers),
 * lists, tables, quotes. Small and dependency-free: the constructs the project's README files use, not all of
 * CommonMark. A banner names where the published README lives.
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

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*```/;

/** The heading's text as GitHub slugs it: inline markup (code ticks, links, emphasis) reduced to its words. */
function headingWords(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/(\*\*|__|\*|_)(.+?)\1/g, '$2');
}

/** The headings of a Markdown text (outside code blocks), each with its level, text and GitHub anchor. */
export function readmeHeadings(markdown: string): ReadmeHeading[] {
  const slug = anchorSlugger();
  const headings: ReadmeHeading[] = [];
  let inCode = false;
  for (const line of markdown.split('\n')) {
    if (FENCE.test(line)) inCode = !inCode;
    const m = !inCode && HEADING.exec(line);
    if (m) headings.push({ level: m[1].length, text: m[2], anchor: slug(headingWords(m[2])) });
  }
  return headings;
}

/** A link or image target: http(s), a page anchor or a relative path; anything else (javascript:, data:) is dropped. */
function safeHref(href: string): string {
  return /^(https?:\/\/|#|\.{0,2}\/|[\w.-]+(?:[/#?]|$))/i.test(href) && !/^\s*(javascript|data|vbscript):/i.test(href) ? href : '#';
}

/** Inline Markdown: code spans first (their text stays literal), then images, links, bold, italics. */
export function inlineHtml(text: string): string {
  const codes: string[] = [];
  let out = text.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) => {
    codes.push(`<code>${escapeHtml(code.trim())}</code>`);
    return `\uE000${codes.length - 1}\uE000`;
  });
  out = escapeHtml(out);
  out = out.replace(/!\[([^\]]*)\]\(([^)\s]+)(?:\s+&quot;[^&]*&quot;)?\)/g, (_, alt: string, src: string) => `<img src="${safeHref(src)}" alt="${alt}">`);
  out = out.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_, label: string, href: string) => `<a href="${safeHref(href)}">${label}</a>`);
  out = out.replace(/(^|[^\w"/=])(https?:\/\/[^\s<)]+[^\s<).,;:])/g, '$1<a href="$2">$2</a>');
  // Emphasis may wrap across the lines of one paragraph (a block never holds a blank line).
  out = out.replace(/\*\*([\s\S]+?)\*\*/g, '<strong>$1</strong>').replace(/__([\s\S]+?)__/g, '<strong>$1</strong>');
  out = out.replace(/(^|[^\w*])\*(?!\s)([\s\S]+?)(?<!\s)\*(?!\w)/g, '$1<em>$2</em>').replace(/(^|[^\w])_(?!\s)([\s\S]+?)(?<!\s)_(?!\w)/g, '$1<em>$2</em>');
  return out.replace(/\uE000(\d+)\uE000/g, (_, i: string) => codes[Number(i)]);
}

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function tableCells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split(/(?<!\\)\|/)
    .map((c) => c.trim().replace(/\\\|/g, '|'));
}

/** The Markdown body as HTML blocks. */
export function markdownHtml(markdown: string): string {
  const slug = anchorSlugger();
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const out: string[] = [];
  let i = 0;
  const isBlockStart = (line: string) => HEADING.test(line) || FENCE.test(line) || LIST_ITEM.test(line) || /^\s*>/.test(line) || /^\s*\|/.test(line);
  while (i < lines.length) {
    const line = lines[i];
    if (line.trim() === '') {
      i++;
    } else if (FENCE.test(line)) {
      const lang = line.trim().slice(3).trim();
      const code: string[] = [];
      for (i++; i < lines.length && !FENCE.test(lines[i]); i++) code.push(lines[i]);
      i++;
      out.push(`<pre><code${lang ? ` class="language-${escapeHtml(lang)}"` : ''}>${escapeHtml(code.join('\n'))}</code></pre>`);
    } else if (HEADING.test(line)) {
      const [, hashes, text] = HEADING.exec(line)!;
      out.push(`<h${hashes.length} id="${escapeHtml(slug(headingWords(text)))}">${inlineHtml(text)}</h${hashes.length}>`);
      i++;
    } else if (/^\s*(-{3,}|\*{3,}|_{3,})\s*$/.test(line)) {
      out.push('<hr>');
      i++;
    } else if (/^\s*\|/.test(line) && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1])) {
      const head = tableCells(line);
      const rows: string[][] = [];
      for (i += 2; i < lines.length && /^\s*\|/.test(lines[i]); i++) rows.push(tableCells(lines[i]));
      out.push(
        `<table><thead><tr>${head.map((c) => `<th>${inlineHtml(c)}</th>`).join('')}</tr></thead><tbody>${rows
          .map((r) => `<tr>${r.map((c) => `<td>${inlineHtml(c)}</td>`).join('')}</tr>`)
          .join('')}</tbody></table>`,
      );
    } else if (/^\s*>/.test(line)) {
      const quote: string[] = [];
      for (; i < lines.length && /^\s*>/.test(lines[i]); i++) quote.push(lines[i].replace(/^\s*>\s?/, ''));
      out.push(`<blockquote>${markdownHtml(quote.join('\n'))}</blockquote>`);
    } else if (LIST_ITEM.test(line)) {
      out.push(listHtml(lines, i, (next) => (i = next)));
    } else {
      const para: string[] = [];
      for (; i < lines.length && lines[i].trim() !== '' && (para.length === 0 || !isBlockStart(lines[i])); i++) para.push(lines[i].trim());
      out.push(`<p>${inlineHtml(para.join('\n'))}</p>`);
    }
  }
  return out.join('\n');
}

/** One list from lines[start]: items by the first item's indent; deeper-indented items form nested lists. */
function listHtml(lines: string[], start: number, done: (next: number) => void): string {
  const first = LIST_ITEM.exec(lines[start])!;
  const indent = first[1].length;
  const tag = /\d/.test(first[2]) ? 'ol' : 'ul';
  const items: string[] = [];
  let i = start;
  while (i < lines.length) {
    const m = LIST_ITEM.exec(lines[i]);
    if (!m || m[1].length < indent) {
      // A continuation line of the item (indented text), else the list ends.
      if (!m && lines[i].trim() !== '' && /^\s+/.test(lines[i]) && items.length) {
        items[items.length - 1] += `\n${lines[i].trim()}`;
        i++;
        continue;
      }
      break;
    }
    if (m[1].length > indent) {
      items[items.length - 1] += `\uE001${listHtml(lines, i, (next) => (i = next))}`;
      continue;
    }
    items.push(m[3]);
    i++;
  }
  done(i);
  const li = items.map((item) => {
    const [text, ...nested] = item.split('\uE001');
    return `<li>${inlineHtml(text)}${nested.join('')}</li>`;
  });
  return `<${tag}>${li.join('')}</${tag}>`;
}

/** The README as one HTML page, with a banner naming the published README and this page's source. */
export function readmeHtml(markdown: string, title: string, banner?: { publishedUrl: string; servedFrom: string }): string {
  const top = banner
    ? `<p class="banner">The published README: <a href="${escapeHtml(banner.publishedUrl)}">${escapeHtml(banner.publishedUrl)}</a>. ` +
      `This page is the copy installed in your n8n home (${escapeHtml(banner.servedFrom)}), served by <code>npm start</code> while it runs.</p>`
    : '';
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>`,
    '<style>body{font:16px/1.5 system-ui,sans-serif;max-width:56rem;margin:2rem auto;padding:0 1rem;color:#1f2328}' +
      'code{background:#f4f4f4;padding:.1em .3em;border-radius:4px;font-size:90%}pre{background:#f4f4f4;padding:.75rem;overflow:auto}' +
      'pre code{background:none;padding:0}table{border-collapse:collapse}td,th{border:1px solid #d0d7de;padding:.3rem .6rem;vertical-align:top}' +
      'img{max-width:100%}blockquote{margin:0;padding-left:1rem;border-left:4px solid #d0d7de;color:#59636e}.banner{background:#eef6ff;padding:.5rem .75rem;border-radius:6px}</style>',
    '</head><body>',
    top,
    markdownHtml(markdown),
    '</body></html>',
  ].join('\n');
}
