// A small link checker for the repository's Markdown: every relative link must name a file
// or folder that exists, and every #anchor a heading of the page it points to, by GitHub's
// rules for heading ids (lowercase, punctuation dropped, spaces to hyphens, repeats -1, -2).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The text with fenced code blocks blanked (line count kept) and inline code spans removed. */
function prose(text: string): string {
  let fence: string | undefined;
  const lines = text.split('\n').map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === undefined && marker !== undefined) {
      fence = marker;
      return '';
    }
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return '';
    }
    return line;
  });
  // A code span may wrap onto the next line: keep its line breaks so line numbers hold.
  return lines.join('\n').replace(/(`+)[\s\S]*?\1/g, (span) => span.replace(/[^\n]/g, ''));
}

/** GitHub's id for a heading's text. */
export function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase();
  return text.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** The ids a page's headings (and explicit `<a id>` or `<a name>` anchors) get. */
export function anchorsOf(text: string): Set<string> {
  const ids = new Set<string>();
  const counts = new Map<string, number>();
  const body = text.split('\n');
  const plain = prose(text).split('\n');
  plain.forEach((line, i) => {
    const heading = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(line);
    if (heading === null || line.trim() === '') return;
    // Headings are read from the original line: code spans in a heading count for its id.
    const original = /^ {0,3}#{1,6}\s+(.*?)(?:\s+#+)?\s*$/.exec(body[i] as string)?.[1] ?? '';
    const base = slug(original);
    const seen = counts.get(base) ?? 0;
    counts.set(base, seen + 1);
    ids.add(seen === 0 ? base : `${base}-${seen}`);
  });
  for (const match of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) ids.add(match[1] as string);
  return ids;
}

/** Relative link targets of a page: inline links and images, and reference definitions. */
export function linksOf(text: string): string[] {
  const body = prose(text);
  const inline = [...body.matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]*)>?(?:\s+"[^"]*")?\s*\)/g)];
  const definitions = [...body.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)];
  return [...inline, ...definitions]
    .map((match) => match[1] as string)
    .filter((target) => target !== '' && !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** Each broken link of `file` (an absolute path), as `file: target: why`, relative to `root`. */
export function brokenLinks(file: string, root: string): string[] {
  const text = readFileSync(file, 'utf8');
  const name = relative(root, file);
  const problems: string[] = [];
  for (const target of linksOf(text)) {
    const hash = target.indexOf('#');
    const path = decodeURI(hash < 0 ? target : target.slice(0, hash));
    const anchor = hash < 0 ? undefined : decodeURIComponent(target.slice(hash + 1));
    const resolved = path === '' ? file : join(dirname(file), path);
    if (!existsSync(resolved)) {
      problems.push(`${name}: ${target}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) {
      problems.push(`${name}: ${target}: an anchor into something that is not a Markdown page`);
    } else if (!anchorsOf(readFileSync(resolved, 'utf8')).has(anchor)) {
      problems.push(`${name}: ${target}: no heading with that id in ${relative(root, resolved)}`);
    }
  }
  return problems;
}
