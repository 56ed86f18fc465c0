import { describe, expect, it } from 'vitest';
import { leavingPath } from './leave-guard.tsx';

const here = { origin: 'https://portal.example', pathname: '/admin/roles/1', search: '' };

describe('leavingPath', () => {
  it('asks before a link to another page of the portal', () => {
    expect(leavingPath({ href: 'https://portal.example/admin/roles' }, here)).toBe('/admin/roles');
    expect(leavingPath({ href: '/admin?x=1' }, here)).toBe('/admin?x=1');
  });

  it('lets through links that do not leave the form', () => {
    expect(leavingPath({ href: 'https://portal.example/admin/roles/1' }, here)).toBeUndefined();
    expect(leavingPath({ href: 'https://portal.example/admin/roles/1#history' }, here)).toBeUndefined();
    expect(leavingPath({ href: 'https://other.example/' }, here)).toBeUndefined();
    expect(leavingPath({ href: '/admin', target: '_blank' }, here)).toBeUndefined();
    expect(leavingPath({ href: '/file.svg', hasDownload: true }, here)).toBeUndefined();
  });
});
