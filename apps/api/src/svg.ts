// SVG logos: accepted only when the content is an SVG document, and sanitised by DOMPurify
// (on a jsdom window, in XML mode: the browser parses a served logo as XML too) with an
// allow-list of elements and attributes, so that what is stored and served carries no
// script, event handler, foreignObject, external reference, entity or DOCTYPE. Dangerous
// constructs are refused outright (400); harmless unknown parts (comments, metadata, unknown
// elements and attributes, external links) are dropped. jsdom and DOMPurify load on the
// first upload (about a second and 80 MB): an instance that never sees a logo never pays.
// Elements nested deeper than MAX_SVG_DEPTH are refused before jsdom parses the text (#28.2):
// its XML parser costs far more than linear in the depth (3,000 levels, 20 KB: 0.6 s; 6,000:
// 5 s), so the depth is counted first by saxes, the streaming parser jsdom itself is built on.
import type { DOMPurify } from 'dompurify';
import { SaxesParser } from 'saxes';

export type SvgProblem = 'notSvg' | 'unsafe' | 'tooDeep';

/** How deep elements may nest in a logo (drawing programs' exports nest a few groups). */
export const MAX_SVG_DEPTH = 64;

export class SvgError extends Error {
  readonly problem: SvgProblem;
  constructor(problem: SvgProblem, detail: string) {
    super(detail);
    this.problem = problem;
  }
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

const ELEMENTS = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'textPath',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'symbol',
  'use',
  'marker',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feColorMatrix',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feDropShadow',
];

/** Geometry, paint, text, gradient, clip, mask, marker and filter attributes of those elements (XML is case-sensitive). */
const ATTRIBUTES = [
  'xmlns',
  'xmlns:xlink',
  'id',
  'class',
  'style',
  'version',
  'xml:space',
  'href',
  'xlink:href',
  'xlink:title',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'width',
  'height',
  'd',
  'points',
  'pathLength',
  'viewBox',
  'preserveAspectRatio',
  'transform',
  'opacity',
  'visibility',
  'display',
  'overflow',
  'color',
  'vector-effect',
  'paint-order',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'shape-rendering',
  'text-rendering',
  'image-rendering',
  'color-interpolation-filters',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'font-variant',
  'font-stretch',
  'text-anchor',
  'dominant-baseline',
  'alignment-baseline',
  'baseline-shift',
  'letter-spacing',
  'word-spacing',
  'text-decoration',
  'writing-mode',
  'direction',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'startOffset',
  'method',
  'spacing',
  'side',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'type',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'flood-color',
  'flood-opacity',
  'edgeMode',
];

/** Refused outright, in any namespace and case: they can run code or embed other documents. */
const REFUSED_ELEMENTS = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'handler', 'listener']);
const ENTITY = /&([^;\s<]{0,12});?/g;
const KNOWN_ENTITY = /^(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|amp|lt|gt|quot|apos)$/;

const squash = (t: string) =>
  [...t]
    .filter((ch) => ch.charCodeAt(0) > 0x20 && !/\s/.test(ch))
    .join('')
    .toLowerCase();

/** What DOMPurify's allow-list cannot say: only local references, no data: URLs, no CSS that loads or runs. */
function keepAttribute(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  const plain = squash(value);
  if (lower === 'href' || lower.endsWith(':href')) return value.trim().startsWith('#');
  if (plain.includes('url(') && [...plain.matchAll(/url\(([^)]*)\)/g)].some((m) => !/^['"]?#/.test(m[1] ?? '')))
    return false;
  if (lower === 'style' && /expression|@import|behavior|binding/.test(plain)) return false;
  return !plain.includes('data:');
}

interface Sanitizer {
  readonly window: Window & typeof globalThis;
  readonly purify: DOMPurify;
}
let sanitizer: Promise<Sanitizer> | undefined;

function loadSanitizer(): Promise<Sanitizer> {
  sanitizer ??= Promise.all([import('dompurify'), import('jsdom')]).then(
    ([{ default: createDOMPurify }, { JSDOM }]) => {
      const window = new JSDOM('').window as unknown as Window & typeof globalThis;
      const purify = createDOMPurify(window);
      purify.addHook('uponSanitizeAttribute', (_node, data) => {
        if (data.keepAttr && !keepAttribute(data.attrName, data.attrValue)) data.keepAttr = false;
      });
      return { window, purify };
    },
  );
  return sanitizer;
}

/** Refuses what must never be stored, even sanitised: it shows the upload is an attack, not a logo. */
function refuseDangerous(root: Element): void {
  for (const element of [root, ...root.querySelectorAll('*')]) {
    if (REFUSED_ELEMENTS.has(element.localName.toLowerCase()))
      throw new SvgError('unsafe', `element ${element.nodeName}`);
    for (const attribute of element.attributes) {
      if (attribute.localName.toLowerCase().startsWith('on'))
        throw new SvgError('unsafe', `event handler ${attribute.name}`);
      if (/(java|vb)script:/.test(squash(attribute.value))) throw new SvgError('unsafe', 'script URL');
    }
  }
}

/** CDATA becomes the text it holds; comments and processing instructions go (DOMPurify sanitises elements and text). */
function plainNodes(document: Document, root: Element): void {
  const walker = document.createTreeWalker(root, 0x8 | 0x80 | 0x40); // CDATA section, comment, processing instruction
  const found: Node[] = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) found.push(node);
  for (const node of found) {
    if (node.nodeType === 4) node.parentNode?.replaceChild(document.createTextNode(node.textContent ?? ''), node);
    else node.parentNode?.removeChild(node);
  }
}

/**
 * Refuses text whose elements nest deeper than MAX_SVG_DEPTH: one linear pass of saxes that stops
 * at the first element too deep. Well-formedness is not judged here (its errors are passed over):
 * the DOM parser after judges it, on text of bounded depth.
 */
function refuseTooDeep(text: string): void {
  const parser = new SaxesParser({ position: false });
  let depth = 0;
  parser.on('error', () => undefined);
  parser.on('opentag', () => {
    depth++;
    if (depth > MAX_SVG_DEPTH) throw new SvgError('tooDeep', `elements nested deeper than ${MAX_SVG_DEPTH}`);
  });
  parser.on('closetag', () => {
    depth--;
  });
  parser.write(text).close();
}

/** Resolves to the sanitised SVG text, or rejects with SvgError. */
export async function sanitizeSvg(bytes: Uint8Array): Promise<string> {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new SvgError('notSvg', 'not UTF-8 text');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\0')) throw new SvgError('notSvg', 'binary content');
  if (/<!(doctype|entity|element|attlist)/i.test(text)) throw new SvgError('unsafe', 'DOCTYPE or entity declaration');
  refuseTooDeep(text);

  const { window, purify } = await loadSanitizer();
  const document = new window.DOMParser().parseFromString(text, 'image/svg+xml');
  const root = document.documentElement;
  if (root.getElementsByTagName('parsererror').length > 0 || root.localName === 'parsererror') {
    // An entity the document does not define is an XXE attempt, not a broken logo.
    const unknown = [...text.matchAll(ENTITY)].some((m) => !KNOWN_ENTITY.test(m[1] ?? '') || !m[0].endsWith(';'));
    throw new SvgError(unknown ? 'unsafe' : 'notSvg', 'not well-formed XML');
  }
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NAMESPACE) throw new SvgError('notSvg', 'root is not svg');
  refuseDangerous(root);
  plainNodes(document, root);

  purify.sanitize(root, {
    IN_PLACE: true,
    PARSER_MEDIA_TYPE: 'application/xhtml+xml',
    NAMESPACE: SVG_NAMESPACE,
    ALLOWED_TAGS: [...ELEMENTS, '#text'],
    ALLOWED_ATTR: ATTRIBUTES,
    ALLOWED_NAMESPACES: [SVG_NAMESPACE],
    ALLOW_DATA_ATTR: false,
    KEEP_CONTENT: false,
  });
  return new window.XMLSerializer().serializeToString(root);
}
