// SVG logos: accepted only when the content is SVG, and rebuilt from an allow-list so that
// what is stored and served carries no script, event handler, foreignObject, external
// reference, entity or DOCTYPE. Dangerous constructs are refused outright (400); harmless
// unknown parts (comments, metadata, unknown elements, external links) are dropped.

export type SvgProblem = 'notSvg' | 'unsafe';

export class SvgError extends Error {
  readonly problem: SvgProblem;
  constructor(problem: SvgProblem, detail: string) {
    super(detail);
    this.problem = problem;
  }
}

const ELEMENTS = new Set([
  'svg', 'g', 'defs', 'title', 'desc', 'path', 'rect', 'circle', 'ellipse', 'line', 'polyline', 'polygon', 'text', 'tspan',
  'textPath', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask', 'pattern', 'symbol', 'use', 'marker', 'filter',
  'feGaussianBlur', 'feOffset', 'feBlend', 'feColorMatrix', 'feFlood', 'feComposite', 'feMerge', 'feMergeNode', 'feDropShadow',
]);
const REFUSED_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
const NAME = /^[A-Za-z_][A-Za-z0-9_.:-]*$/;

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos);/g, (whole, ref: string) => {
    if (ref === 'amp') return '&';
    if (ref === 'lt') return '<';
    if (ref === 'gt') return '>';
    if (ref === 'quot') return '"';
    if (ref === 'apos') return "'";
    const code = ref.startsWith('#x') ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

function checkEntities(text: string): void {
  for (const m of text.matchAll(/&([^;\s<]{0,12});?/g)) {
    if (!/^(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos)$/.test(m[1] ?? '') || !m[0].endsWith(';')) {
      throw new SvgError('unsafe', 'unknown entity reference');
    }
  }
}

const escapeText = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (t: string) => escapeText(t).replace(/"/g, '&quot;');
const squash = (t: string) => [...t].filter((ch) => ch.charCodeAt(0) > 0x20 && !/\s/.test(ch)).join('').toLowerCase();

function keepAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  const plain = squash(value);
  if (lower.startsWith('on')) throw new SvgError('unsafe', `event handler ${name}`);
  if (/(java|vb)script:/.test(plain)) throw new SvgError('unsafe', 'script URL');
  if (lower === 'href' || lower.endsWith(':href')) return value.trim().startsWith('#');
  if (plain.includes('url(') && [...plain.matchAll(/url\(([^)]*)\)/g)].some((m) => !/^['"]?#/.test(m[1] ?? ''))) return false;
  if (lower === 'style' && /expression|@import|behavior|binding/.test(plain)) return false;
  if (plain.includes('data:')) return false;
  return true;
}

interface Tag { name: string; attributes: [string, string][]; selfClosing: boolean; end: number }

function readTag(text: string, start: number): Tag {
  let i = start + 1;
  const nameMatch = /^[A-Za-z_][A-Za-z0-9_.:-]*/.exec(text.slice(i, i + 200));
  if (!nameMatch) throw new SvgError('notSvg', 'bad tag');
  const name = nameMatch[0];
  i += name.length;
  const attributes: [string, string][] = [];
  for (;;) {
    while (/\s/.test(text[i] ?? '')) i++;
    const ch = text[i];
    if (ch === undefined) throw new SvgError('notSvg', 'unterminated tag');
    if (ch === '>') return { name, attributes, selfClosing: false, end: i + 1 };
    if (ch === '/' && text[i + 1] === '>') return { name, attributes, selfClosing: true, end: i + 2 };
    const attr = /^([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)')/.exec(text.slice(i, i + 100_000));
    if (!attr || !NAME.test(attr[1] ?? '')) throw new SvgError('notSvg', 'bad attribute');
    const raw = attr[3] ?? attr[4] ?? '';
    if (raw.includes('<')) throw new SvgError('notSvg', 'bad attribute value');
    checkEntities(raw);
    attributes.push([attr[1] ?? '', decodeEntities(raw)]);
    i += attr[0].length;
  }
}

/** Returns the sanitised SVG text, or throws SvgError. */
export function sanitizeSvg(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SvgError('notSvg', 'not UTF-8 text');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\0')) throw new SvgError('notSvg', 'binary content');
  if (/<!(doctype|entity|element|attlist)/i.test(text)) throw new SvgError('unsafe', 'DOCTYPE or entity declaration');

  const out: string[] = [];
  const stack: { name: string; kept: boolean }[] = [];
  let skipping = 0;
  let rootSeen = false;
  let i = 0;
  while (i < text.length) {
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end < 0) throw new SvgError('notSvg', 'unterminated comment');
      i = end + 3;
    } else if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end < 0 || rootSeen || !/^<\?xml[\s?]/.test(text.slice(i, i + 6))) throw new SvgError('notSvg', 'processing instruction');
      i = end + 2;
    } else if (text.startsWith('<![CDATA[', i)) {
      const end = text.indexOf(']]>', i + 9);
      if (end < 0 || !rootSeen) throw new SvgError('notSvg', 'bad CDATA');
      if (!skipping) out.push(escapeText(text.slice(i + 9, end)));
      i = end + 3;
    } else if (text.startsWith('<!', i)) {
      throw new SvgError('unsafe', 'declaration');
    } else if (text.startsWith('</', i)) {
      const m = /^<\/([A-Za-z_][A-Za-z0-9_.:-]*)\s*>/.exec(text.slice(i, i + 210));
      const top = stack.pop();
      if (!m || !top || top.name !== m[1]) throw new SvgError('notSvg', 'mismatched closing tag');
      if (top.kept && !skipping) out.push(`</${top.name}>`);
      else if (!top.kept) skipping--;
      i += m[0].length;
    } else if (text[i] === '<') {
      const tag = readTag(text, i);
      const local = tag.name.includes(':') ? tag.name.slice(tag.name.indexOf(':') + 1) : tag.name;
      if (REFUSED_ELEMENTS.has(local.toLowerCase())) throw new SvgError('unsafe', `element ${tag.name}`);
      if (!rootSeen) {
        if (tag.name !== 'svg') throw new SvgError('notSvg', 'root is not svg');
        rootSeen = true;
      } else if (stack.length === 0) {
        throw new SvgError('notSvg', 'content after the root element');
      }
      const attributes = tag.attributes.filter(([name, value]) => keepAttribute(name, value));
      const kept = ELEMENTS.has(tag.name) && !skipping;
      if (kept) {
        const attrs = attributes.map(([n, v]) => ` ${n}="${escapeAttr(v)}"`).join('');
        out.push(`<${tag.name}${attrs}${tag.selfClosing ? '/>' : '>'}`);
      }
      if (!tag.selfClosing) {
        stack.push({ name: tag.name, kept: ELEMENTS.has(tag.name) && !skipping });
        if (!(ELEMENTS.has(tag.name) && !skipping)) skipping++;
      }
      i = tag.end;
    } else {
      const end = text.indexOf('<', i);
      const chunk = text.slice(i, end < 0 ? text.length : end);
      if (!rootSeen || stack.length === 0) {
        if (chunk.trim()) throw new SvgError('notSvg', 'text outside the root element');
      } else {
        checkEntities(chunk);
        if (!skipping) out.push(escapeText(decodeEntities(chunk)));
      }
      i = end < 0 ? text.length : end;
    }
  }
  if (!rootSeen || stack.length) throw new SvgError('notSvg', 'incomplete document');
  return out.join('');
}
