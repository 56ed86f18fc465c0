/**
 * Why a new tag is refused: the translation key of the refusal, or undefined when it may
 * be added. Mirrors core's `validateTag` (blank, control characters or the field's rule:
 * invalid; case-insensitive duplicate).
 */
export function tagRefusal(entry: string, existing: readonly string[], isValid?: (entry: string) => boolean): 'validations.tagInvalid' | 'validations.tagDuplicate' | undefined {
  const text = entry.trim();
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (text === '' || /[\u0000-\u001f\u007f]/.test(text) || (isValid !== undefined && !isValid(text))) return 'validations.tagInvalid';
  const key = text.toLowerCase();
  return existing.some((tag) => tag.trim().toLowerCase() === key) ? 'validations.tagDuplicate' : undefined;
}
