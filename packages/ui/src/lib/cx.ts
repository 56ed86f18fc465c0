/** Joins class names, dropping false, null and undefined. */
export function cx(...parts: ReadonlyArray<string | false | null | undefined>): string {
  return parts.filter((part) => typeof part === 'string' && part !== '').join(' ');
}
