import { describe, expect, it } from 'vitest';
import { isQuickLauncherKey } from './quick-launcher.tsx';

const press = (
  key: string,
  mods: { ctrlKey?: boolean; metaKey?: boolean; altKey?: boolean } = {},
  target: unknown = { tagName: 'BODY' },
) =>
  ({ key, ctrlKey: false, metaKey: false, altKey: false, ...mods, target }) as Parameters<typeof isQuickLauncherKey>[0];

describe("the quick launcher's keys", () => {
  it.each([
    ['Ctrl+K', press('k', { ctrlKey: true }), true],
    ['⌘K', press('k', { metaKey: true }), true],
    ['Ctrl+Shift+K', press('K', { ctrlKey: true }), true],
    ['Ctrl+K in a text field', press('k', { ctrlKey: true }, { tagName: 'INPUT' }), true],
    ['/', press('/'), true],
    ['/ in a text field', press('/', {}, { tagName: 'INPUT' }), false],
    ['/ in a text area', press('/', {}, { tagName: 'TEXTAREA' }), false],
    ['/ in editable content', press('/', {}, { tagName: 'DIV', isContentEditable: true }), false],
    ['Alt+Ctrl+K', press('k', { ctrlKey: true, altKey: true }), false],
    ['Ctrl+/', press('/', { ctrlKey: true }), false],
    ['k', press('k'), false],
  ] as const)('%s → %s', (_name, event, expected) => {
    expect(isQuickLauncherKey(event)).toBe(expected);
  });
});
