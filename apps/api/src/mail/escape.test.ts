import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escape.ts';

/** What a browser reads back from escaped text (the five entities; `&amp;` last). */
const unescape = (html: string) =>
  html
    .replaceAll('&lt;', '<')
    .replaceAll('&gt;', '>')
    .replaceAll('&quot;', '"')
    .replaceAll('&#39;', "'")
    .replaceAll('&amp;', '&');

describe('escapeHtml', () => {
  it('escapes the five characters that open markup or end an attribute', () => {
    expect(escapeHtml(`<script>alert("x")</script> & 'y'`)).toBe(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;y&#39;',
    );
    expect(escapeHtml('&amp;')).toBe('&amp;amp;');
    expect(escapeHtml('Küchenplaner – Zugriff')).toBe('Küchenplaner – Zugriff');
  });

  it('leaves no markup character and reads back as the text, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const html = escapeHtml(text);
        expect(html).not.toMatch(/[<>"']/);
        // Every & starts one of the five entities.
        expect(html.replace(/&(amp|lt|gt|quot|#39);/g, '')).not.toContain('&');
        expect(unescape(html)).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('is parsed by an HTML parser as the text it was, in content and in attributes', async () => {
    const { JSDOM } = await import('jsdom');
    const { document } = new JSDOM('<div></div>').window;
    const host = document.createElement('div');
    fc.assert(
      fc.property(fc.string(), (text) => {
        host.innerHTML = `<p title="${escapeHtml(text)}" data-x='${escapeHtml(text)}'>${escapeHtml(text)}</p>`;
        const p = host.querySelector('p');
        // The parser normalises CR and NUL in text; the rest reads back exactly.
        const normal = text.replace(/\r\n?/g, '\n');
        expect(host.childElementCount).toBe(1);
        expect(p?.getAttribute('title')).toBe(normal.replace(/\0/g, '\uFFFD'));
        expect(p?.getAttribute('data-x')).toBe(normal.replace(/\0/g, '\uFFFD'));
        expect(p?.childElementCount).toBe(0);
        expect(p?.textContent).toBe(normal.replace(/\0/g, ''));
      }),
      { numRuns: 500 },
    );
  });
});
