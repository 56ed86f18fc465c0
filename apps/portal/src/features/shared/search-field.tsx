// A search the API answers: the text goes to a list's `search` parameter, which the contract
// (its `Search` parameter) limits: core's `searchMaxLength`, read from the contract (ADR 0024).
import { searchMaxLength } from '@portal/core';
import { TextField, type TextFieldProps } from '@portal/ui';

/** A search field for a list's `search` on the server: no longer than the contract allows. */
export function SearchField(props: Omit<TextFieldProps, 'type' | 'maxLength'>) {
  return <TextField type="search" maxLength={searchMaxLength} {...props} />;
}
