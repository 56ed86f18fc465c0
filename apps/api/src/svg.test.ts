import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SVG_DEPTH, SvgError, sanitizeSvg } from './svg.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`;
const problem = async (s: string) => {
  try {
    await sanitizeSvg(enc(s));
    return 'ok';
  } catch (e) {
    return e instanceof SvgError ? e.problem : 'crash';
  }
};

describe('sanitizeSvg', () => {
  it('keeps plain shapes and escapes text', async () => {
    expect(
      await sanitizeSvg(
        enc(
          `<?xml version="1.0"?>\n<!-- logo -->${svg('<g fill="#c00"><path d="M0 0h10v10z"/><text>A &amp; B &lt;3</text></g>')}`,
        ),
      ),
    ).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><g fill="#c00"><path d="M0 0h10v10z"/><text>A &amp; B &lt;3</text></g></svg>',
    );
  });

  it('refuses scripts, handlers, foreignObject, entities and script URLs', async () => {
    expect(await problem(svg('<script>alert(1)</script>'))).toBe('unsafe');
    expect(await problem(svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">x</svg:script>'))).toBe('unsafe');
    expect(await problem(svg('', ' onload="alert(1)"'))).toBe('unsafe');
    expect(await problem(svg('<rect ONCLICK="x"/>'))).toBe('unsafe');
    expect(await problem(svg('<foreignObject/>'))).toBe('unsafe');
    expect(await problem(`<!DOCTYPE svg>${svg('')}`)).toBe('unsafe');
    expect(await problem(svg('<text>&xxe;</text>'))).toBe('unsafe');
    expect(await problem(svg('<a href="jav&#x09;ascript:alert(1)"/>'))).toBe('unsafe');
    expect(await problem(svg('<use href=" javascript:alert(1)"/>'))).toBe('unsafe');
  });

  it('drops external references, animations and unknown elements', async () => {
    const xlink = ' xmlns:xlink="http://www.w3.org/1999/xlink"';
    const out = await sanitizeSvg(
      enc(
        svg(
          '<image href="http://x.test/a.png"/><use xlink:href="http://x.test/#a"/><use href="#a"/><use xlink:href="#b"/><animate attributeName="href" to="x"/><style>@import url(http://x.test)</style><rect style="fill:url(http://x.test/a)"/><rect fill="url(#g)"/><rect data-x="1" fill-opacity="0.5"/><metadata>m</metadata><unknown>u</unknown>',
          xlink,
        ),
      ),
    );
    expect(out).toBe(
      `<svg xmlns="http://www.w3.org/2000/svg"${xlink}><use/><use href="#a"/><use xlink:href="#b"/><rect/><rect fill="url(#g)"/><rect fill-opacity="0.5"/></svg>`,
    );
  });

  it('keeps the case of SVG names (XML): viewBox, linearGradient, feDropShadow', async () => {
    const logo = svg(
      '<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"/></linearGradient><filter id="f"><feDropShadow dx="1" dy="1" stdDeviation="1"/></filter></defs><rect width="10" height="10" fill="url(#g)" filter="url(#f)"/>',
      ' viewBox="0 0 10 10"',
    );
    expect(await sanitizeSvg(enc(logo))).toBe(logo);
  });

  it('refuses an undeclared entity as unsafe and an undeclared prefix as not SVG', async () => {
    expect(await problem(svg('<text>&nbsp;</text>'))).toBe('unsafe');
    expect(await problem(svg('<use xlink:href="#a"/>'))).toBe('notSvg');
  });

  it('refuses elements nested deeper than MAX_SVG_DEPTH before the DOM parser sees them (#28.2)', async () => {
    const nested = (depth: number, close = true) =>
      svg('<g>'.repeat(depth - 1) + (close ? '</g>'.repeat(depth - 1) : ''));
    expect(await problem(nested(MAX_SVG_DEPTH))).toBe('ok');
    expect(await problem(nested(MAX_SVG_DEPTH + 1))).toBe('tooDeep');
    // 20,000 levels (140 KB), closed or not, with an error early on: counted, not parsed by jsdom.
    expect(await problem(nested(20_000))).toBe('tooDeep');
    expect(await problem(nested(20_000, false))).toBe('tooDeep');
    expect(await problem(svg(`<g a=1>${'<g>'.repeat(20_000)}`))).toBe('tooDeep');
    // Brackets in text, comments, CDATA and attribute values are no elements.
    const text = '&lt;g&gt;'.repeat(200);
    expect(await problem(svg(`<text>${text}<![CDATA[${'<g>'.repeat(200)}]]></text><!--${'<g>'.repeat(200)}-->`))).toBe(
      'ok',
    );
    expect(await problem(svg(`<g id="${'&lt;g&gt;'.repeat(200)}"/>`))).toBe('ok');
  });

  it('refuses what is not SVG', async () => {
    expect(await problem('')).toBe('notSvg');
    expect(await problem('<html></html>')).toBe('notSvg');
    expect(await problem(svg('<g>'))).toBe('notSvg');
    expect(await problem(`${svg('')}<svg></svg>`)).toBe('notSvg');
    expect(await problem('\u0089PNG\r\n\u001a\n')).toBe('notSvg');
  });

  it('never crashes and never lets a handler or script through', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), fc.string({ maxLength: 50 }), async (inner, attr) => {
        for (const text of [svg(inner), svg('', ` a="${attr}"`), inner]) {
          let out: string;
          try {
            out = await sanitizeSvg(enc(text));
          } catch (e) {
            expect(e).toBeInstanceOf(SvgError);
            continue;
          }
          expect(out.toLowerCase()).not.toMatch(
            /<script|<[^>]*\son[a-z]+=|<[^>]*javascript:|<!doctype|<!entity|<foreignobject/,
          );
        }
      }),
      { numRuns: 500 },
    );
  });

  it('never lets a handler, script, external reference or data URL through from pieces of attacks', async () => {
    const pieces = [
      '<g>',
      '</g>',
      '<rect ',
      '<use ',
      '<a ',
      '<text>',
      '</text>',
      '<script>',
      '</script>',
      '<foreignObject>',
      '<svg:script>',
      '<image ',
      '<animate ',
      '<set ',
      '<style>',
      '</style>',
      'href="',
      'xlink:href="',
      'onload="',
      'OnClick="',
      'style="',
      'fill="',
      'attributeName="href" to="',
      'javascript:',
      'java&#x09;script:',
      '&#106;avascript:',
      'data:text/html,',
      'url(',
      'http://x.test/',
      '#a',
      ')',
      '"',
      "'",
      '/>',
      '>',
      ' ',
      '<![CDATA[',
      ']]>',
      '<!--',
      '-->',
      '&amp;',
      '&lt;',
      'alert(1)',
      '@import ',
      'expression(',
    ];
    const document = fc
      .array(fc.constantFrom(...pieces), { maxLength: 30 })
      .map((parts) => svg(parts.join(''), ' xmlns:xlink="http://www.w3.org/1999/xlink"'));
    await fc.assert(
      fc.asyncProperty(document, async (text) => {
        let out: string;
        try {
          out = await sanitizeSvg(enc(text));
        } catch (e) {
          expect(e).toBeInstanceOf(SvgError);
          return;
        }
        // Text is text (escaped): only the tags, with their attributes, can carry an attack.
        const lower = [...out.toLowerCase().matchAll(/<[^>]*>/g)].map((m) => m[0]).join('');
        expect(lower).not.toMatch(
          /<script|<svg:script|<foreignobject|<image|<animate|<set|<style|\son[a-z]+=|javascript:|data:|@import|expression\(/,
        );
        for (const m of lower.matchAll(/href="([^"]*)"/g)) expect(m[1]?.startsWith('#')).toBe(true);
        for (const m of lower.matchAll(/url\(([^)]*)\)/g)) expect(m[1]).toMatch(/^['"]?#/);
      }),
      { numRuns: 1000 },
    );
  });
});
