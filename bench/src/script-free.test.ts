import { describe, expect, it } from 'vitest';
import { scriptStripper } from './script-free.ts';

describe('the script-free reference', () => {
  it('removes scripts and module preloads from HTML that arrives in pieces, and nothing else', () => {
    const page =
      '<head><script type="module" src="/a.js"></script><link rel="modulepreload" href="/b.js"><script type="application/json" id="hk-boot">{"a":"<"}</script></head>' +
      '<body><style nonce="x">.a{}</style><div id="root"><p class="a">Hi</p></div><script>go()</script><link rel="stylesheet" href="/c.css"></body>';
    const expected =
      '<head></head><body><style nonce="x">.a{}</style><div id="root"><p class="a">Hi</p></div><link rel="stylesheet" href="/c.css"></body>';
    for (const size of [1, 3, 7, 20, page.length]) {
      const stripper = scriptStripper();
      let out = '';
      for (let i = 0; i < page.length; i += size) out += stripper.push(page.slice(i, i + size));
      expect(out + stripper.end()).toBe(expected);
    }
  });
});
