import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SvgError, sanitizeSvg } from './svg.ts';

const enc = (s: string) => new TextEncoder().encode(s);
const svg = (inner: string, attrs = '') => `<svg xmlns="http://www.w3.org/2000/svg"${attrs}>${inner}</svg>`;
const problem = (s: string) => {
  try {
    sanitizeSvg(enc(s));
    return 'ok';
  } catch (e) {
    return e instanceof SvgError ? e.problem : 'crash';
  }
};

describe('sanitizeSvg', () => {
  it('keeps plain shapes and escapes text', () => {
    expect(sanitizeSvg(enc(`<?xml version="1.0"?>\n<!-- logo -->${svg('<g fill="#c00"><path d="M0 0h10v10z"/><text>A &amp; B &lt;3</text></g>')}`)))
      .toBe('<svg xmlns="http://www.w3.org/2000/svg"><g fill="#c00"><path d="M0 0h10v10z"/><text>A &amp; B &lt;3</text></g></svg>');
  });

  it('refuses scripts, handlers, foreignObject, entities and script URLs', () => {
    expect(problem(svg('<script>alert(1)</script>'))).toBe('unsafe');
    expect(problem(svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">x</svg:script>'))).toBe('unsafe');
    expect(problem(svg('', ' onload="alert(1)"'))).toBe('unsafe');
    expect(problem(svg('<rect ONCLICK="x"/>'))).toBe('unsafe');
    expect(problem(svg('<foreignObject/>'))).toBe('unsafe');
    expect(problem(`<!DOCTYPE svg>${svg('')}`)).toBe('unsafe');
    expect(problem(svg('<text>&xxe;</text>'))).toBe('unsafe');
    expect(problem(svg('<a href="jav&#x09;ascript:alert(1)"/>'))).toBe('unsafe');
    expect(problem(svg('<use href=" javascript:alert(1)"/>'))).toBe('unsafe');
  });

  it('drops external references, animations and unknown elements', () => {
    const out = sanitizeSvg(enc(svg('<image href="http://x.test/a.png"/><use xlink:href="http://x.test/#a"/><use href="#a"/><animate attributeName="href" to="x"/><style>@import url(http://x.test)</style><rect style="fill:url(http://x.test/a)"/><rect fill="url(#g)"/>')));
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><use/><use href="#a"/><rect/><rect fill="url(#g)"/></svg>');
  });

  it('refuses what is not SVG', () => {
    expect(problem('')).toBe('notSvg');
    expect(problem('<html></html>')).toBe('notSvg');
    expect(problem(svg('<g>'))).toBe('notSvg');
    expect(problem(`${svg('')}<svg></svg>`)).toBe('notSvg');
    expect(problem('\u0089PNG\r\n\u001a\n')).toBe('notSvg');
  });

  it('never crashes and never lets a handler or script through', () => {
    fc.assert(fc.property(fc.string({ maxLength: 200 }), fc.string({ maxLength: 50 }), (inner, attr) => {
      for (const text of [svg(inner), svg('', ` a="${attr}"`), inner]) {
        let out: string;
        try {
          out = sanitizeSvg(enc(text));
        } catch (e) {
          expect(e).toBeInstanceOf(SvgError);
          continue;
        }
        expect(out.toLowerCase()).not.toMatch(/<script|<[^>]*\son[a-z]+=|<[^>]*javascript:|<!doctype|<!entity|<foreignobject/);
      }
    }), { numRuns: 500 });
  });
});
