// The columns of the console's CSV downloads (#20.3) that show fields of their rows as they are.
import type { CsvCell, CsvColumns } from '../http/csv.ts';
import type { MessageKey } from '../http/messages.ts';

/** The fields of `T` whose header is named after them: the message `csv` + the field's name (`fullName` → `csvFullName`). */
type NamedField<T> = {
  [K in keyof T & string]: T[K] extends CsvCell ? (`csv${Capitalize<K>}` extends MessageKey ? K : never) : never;
}[keyof T & string];

/** A field of `T` under another header. */
type RenamedField<T> = {
  [K in keyof T & string]: T[K] extends CsvCell ? readonly [field: K, header: MessageKey] : never;
}[keyof T & string];

/** CSV columns showing fields of the row as they are, in this order: a field by its name when its header is named
 * after it, else as `[field, header]`. */
export function csvFields<T>(...fields: readonly (NamedField<T> | RenamedField<T>)[]): CsvColumns<T> {
  return fields.map((entry) => {
    const [field, header]: readonly [keyof T & string, MessageKey] =
      typeof entry === 'string' ? [entry, `csv${entry.charAt(0).toUpperCase()}${entry.slice(1)}` as MessageKey] : entry;
    return [header, (row: T) => row[field] as CsvCell] as const;
  });
}
