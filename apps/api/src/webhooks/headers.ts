// What a webhook's custom header may be: checked when an application is saved (400) and again
// before each delivery (stored rows may predate a rule: such a delivery fails, recorded).

// Names the sender, the connection or a proxy own.
const FORBIDDEN_NAMES = new Set([
  'host',
  'content-length',
  'authorization',
  'transfer-encoding',
  'connection',
  'content-type',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
  'cookie',
]);
/** An HTTP token (RFC 9110), as the contract's pattern. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,100}$/;
/** Printable ASCII, as the contract's pattern: no control character, nothing a sender would have to encode. */
const VALUE = /^[\x20-\x7e]{0,1000}$/;

export const isForbiddenHeaderName = (name: string): boolean =>
  FORBIDDEN_NAMES.has(name.toLowerCase()) || /^proxy-/i.test(name);
export const isValidHeaderName = (name: string): boolean => TOKEN.test(name) && !isForbiddenHeaderName(name);
export const isValidHeaderValue = (value: string): boolean => VALUE.test(value);
