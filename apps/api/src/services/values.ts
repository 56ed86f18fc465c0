// Attribute values travel as text and are checked against the attribute's data type.
import { fieldError } from '../http/errors.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function valueMatches(dataType: string, value: string): boolean {
  switch (dataType) {
    case 'NUMBER':
      return /^-?\d+(\.\d+)?$/.test(value) && Number.isFinite(Number(value));
    case 'BOOLEAN':
      return value === 'true' || value === 'false';
    case 'DATE': {
      const m = DATE.exec(value);
      if (!m) return false;
      const d = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(value);
    }
    case 'EMAIL':
      return value.length <= 254 && EMAIL.test(value);
    case 'URL':
      return isHttpUrl(value);
    default:
      return true;
  }
}

export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value) || [...value].some((ch) => ch.charCodeAt(0) < 0x20)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export function checkValue(field: string, dataType: string, value: string | null): void {
  if (value === null) return;
  if (dataType === 'URL' && !valueMatches(dataType, value)) throw fieldError(field, 'url', 'validation.url', [value]);
  if (!valueMatches(dataType, value)) throw fieldError(field, 'attributeType', 'attribute.invalidValue', [value, dataType]);
}
