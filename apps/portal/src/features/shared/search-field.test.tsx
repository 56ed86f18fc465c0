import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SearchField } from './search-field.tsx';

afterEach(cleanup);

describe('SearchField', () => {
  it('is a search of at most the contract’s 200 characters', () => {
    render(<SearchField label="Suche" value="" onChange={() => undefined} />);
    const field = screen.getByRole('searchbox', { name: 'Suche' });
    expect(field.getAttribute('type')).toBe('search');
    expect(field.getAttribute('maxlength')).toBe('200');
  });
});
