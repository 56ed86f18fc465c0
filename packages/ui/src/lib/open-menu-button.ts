/**
 * Opens a Headless UI menu from code (a click that came before the menu's code had loaded):
 * its button opens on pointer-down or on a key, not on a synthetic click, so open it the
 * keyboard's way, which also focuses the first item.
 */
export function openMenuButton(button: HTMLElement): void {
  button.focus();
  button.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
}
