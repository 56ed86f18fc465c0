/** Logo files: at most 2 MB (spec §9). */
export const logoMaxBytes = 2 * 1024 * 1024;

/** True when the bytes start like an SVG document (by content; mirrors core's `looksLikeSvg`). */
export function looksLikeSvg(head: Uint8Array): boolean {
  let text = '';
  for (const byte of head.subarray(0, 4096)) text += String.fromCharCode(byte);
  text = text.replace(/^\u00ef\u00bb\u00bf/, '').replace(/^\ufeff/, '');
  for (;;) {
    const before = text;
    text = text.replace(/^\s+/, '').replace(/^<\?[\s\S]*?\?>/, '').replace(/^<!--[\s\S]*?-->/, '').replace(/^<!doctype[^>[]*(\[[\s\S]*?\])?\s*>/i, '');
    if (text === before) break;
  }
  return /^<svg[\s>/]/i.test(text);
}

export type LogoRefusal = 'validations.logoEmpty' | 'validations.logoTooLarge' | 'validations.logoNotSvg';

/** Why a logo file is refused (translation key), or undefined when it is accepted. */
export function logoRefusal(file: { readonly size: number; readonly head: Uint8Array }, maxBytes: number = logoMaxBytes): LogoRefusal | undefined {
  if (file.size <= 0 || file.head.length === 0) return 'validations.logoEmpty';
  if (file.size > maxBytes) return 'validations.logoTooLarge';
  return looksLikeSvg(file.head) ? undefined : 'validations.logoNotSvg';
}
