// Whether a text is well-formed XML 1.0, strictly enough for what idemsim writes (JUnit,
// SVG). fast-xml-parser's XMLValidator, already a devDependency, checks the nesting but
// accepts a control character, a raw < inside an attribute and a stray &; this small
// reader checks those too: every character an XML Char, every tag closed in order, every
// attribute quoted and free of < and of bare &, no ]]> in text, one root element.

// eslint-disable-next-line no-control-regex
const NOT_CHAR = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const NAME = /^[A-Za-z_:][-A-Za-z0-9_:.]*/;
const REFERENCE = /^&(?:amp|lt|gt|quot|apos|#[0-9]+|#x[0-9A-Fa-f]+);/;

/** The first problem that makes `xml` not well-formed, or undefined when there is none. */
export function xmlProblem(xml: string): string | undefined {
  const bad = NOT_CHAR.exec(xml) ?? LONE_SURROGATE.exec(xml);
  if (bad !== null) return `U+${bad[0].charCodeAt(0).toString(16).padStart(4, '0')} at ${bad.index}: not an XML Char`;
  let i = xml.startsWith('<?xml') ? xml.indexOf('?>') + 2 : 0;
  const open: string[] = [];
  let roots = 0;
  while (i < xml.length) {
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end < 0) return `comment at ${i} never closed`;
      i = end + 3;
    } else if (xml.startsWith('</', i)) {
      const name = NAME.exec(xml.slice(i + 2))?.[0];
      const end = xml.indexOf('>', i);
      if (name === undefined || end < 0 || xml.slice(i + 2 + name.length, end).trim() !== '')
        return `bad end tag at ${i}`;
      if (open.pop() !== name) return `end tag </${name}> at ${i} closes nothing open`;
      i = end + 1;
    } else if (xml[i] === '<') {
      const tag = readTag(xml, i);
      if (typeof tag === 'string') return tag;
      if (open.length === 0 && ++roots > 1) return `second root element at ${i}`;
      if (!tag.empty) open.push(tag.name);
      i = tag.end;
    } else {
      const next = xml.indexOf('<', i);
      const text = xml.slice(i, next < 0 ? xml.length : next);
      const problem = textProblem(text, i);
      if (problem !== undefined) return problem;
      if (open.length === 0 && text.trim() !== '') return `text outside the root element at ${i}`;
      i = next < 0 ? xml.length : next;
    }
  }
  if (open.length > 0) return `<${open[open.length - 1] ?? ''}> never closed`;
  return roots === 1 ? undefined : 'no root element';
}

function textProblem(text: string, at: number): string | undefined {
  if (text.includes(']]>')) return `]]> in text at ${at}`;
  for (let j = text.indexOf('&'); j >= 0; j = text.indexOf('&', j + 1)) {
    if (!REFERENCE.test(text.slice(j))) return `bare & at ${at + j}`;
  }
  return undefined;
}

/** A start tag at `i`: its name, whether it closes itself, where it ends; or the problem. */
function readTag(xml: string, i: number): { name: string; empty: boolean; end: number } | string {
  const name = NAME.exec(xml.slice(i + 1))?.[0];
  if (name === undefined) return `< at ${i} starts no tag`;
  let j = i + 1 + name.length;
  for (;;) {
    const space = /^\s*/.exec(xml.slice(j))?.[0].length ?? 0;
    j += space;
    if (xml.startsWith('/>', j)) return { name, empty: true, end: j + 2 };
    if (xml[j] === '>') return { name, empty: false, end: j + 1 };
    const attribute = NAME.exec(xml.slice(j))?.[0];
    if (attribute === undefined || space === 0) return `bad attribute in <${name}> at ${j}`;
    j += attribute.length;
    const quote = xml[j] === '=' ? xml[j + 1] : undefined;
    if (quote !== '"' && quote !== "'") return `attribute ${attribute} at ${j} is not quoted`;
    const close = xml.indexOf(quote, j + 2);
    if (close < 0) return `attribute ${attribute} at ${j} never closed`;
    const value = xml.slice(j + 2, close);
    if (value.includes('<')) return `raw < in attribute ${attribute} at ${j}`;
    const problem = textProblem(value, j + 2);
    if (problem !== undefined) return problem;
    j = close + 1;
  }
}
