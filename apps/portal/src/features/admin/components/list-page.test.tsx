import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RowLink, RowNavigate } from './list-page.tsx';
import { adminRoutes } from '../routes.ts';

afterEach(cleanup);

describe('RowLink', () => {
  it('navigates through the list view on a plain click, and preloads the detail page on pointer or focus', () => {
    const navigate = vi.fn();
    const preload = vi.spyOn(adminRoutes.role.page, 'preload').mockResolvedValue(undefined);
    render(<RowNavigate value={navigate}><RowLink href="/admin/roles/r1">Rolle</RowLink></RowNavigate>);
    const link = screen.getByRole('link', { name: 'Rolle' });
    expect(link.getAttribute('href')).toBe('/admin/roles/r1');
    fireEvent.pointerEnter(link);
    fireEvent.focus(link);
    expect(preload).toHaveBeenCalled();
    fireEvent.click(link, { ctrlKey: true });
    fireEvent.click(link, { button: 1 });
    expect(navigate).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(navigate).toHaveBeenCalledExactlyOnceWith('/admin/roles/r1');
    preload.mockRestore();
  });
});
