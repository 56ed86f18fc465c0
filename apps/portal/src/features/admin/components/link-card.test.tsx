import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { UsersIcon } from '@heroicons/react/24/outline';
import { LinkCard } from './link-card.tsx';

afterEach(cleanup);

describe('LinkCard', () => {
  it('is a list item linking to its page, named by its title and its line of text; its icon is decoration', () => {
    const { hook } = memoryLocation({ path: '/admin' });
    const { container } = render(
      <Router hook={hook}>
        <ul>
          <LinkCard href="/admin/planner/users" icon={UsersIcon} title="Benutzer" text="Wer Zugriff hat" />
          <LinkCard href="/admin/planner" title="Planer" />
        </ul>
      </Router>,
    );
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
    const users = screen.getByRole('link', { name: 'Benutzer Wer Zugriff hat' });
    expect(users.getAttribute('href')).toBe('/admin/planner/users');
    expect(users.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('link', { name: 'Planer' }).querySelector('svg')).toBeNull();
    expect(container.querySelectorAll('.text-fg-muted')).toHaveLength(1);
  });
});
