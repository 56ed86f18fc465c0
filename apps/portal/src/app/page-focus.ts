// After a move to another page (#30.11): the focus goes to the new page's heading once it is
// there — unless the page or the user put it somewhere meanwhile, or it is on navigation that
// keeps it (`data-keeps-focus`: the settings' tabs). Loaded on the first move (not in the first
// route); the shell notes where the focus was when the address changed.
import { focusIsLost, focusPageHeading } from '@portal/ui';

/**
 * Looks for the heading on each frame for 5 s (it may come after the page's code or data), then
 * the main region; stops as soon as the focus is somewhere else (a later move's own look included).
 */
export function focusNewPage(had: Element | null): void {
  if (had?.closest('[data-keeps-focus]') != null) return;
  const until = Date.now() + 5_000;
  const attempt = () => {
    if (document.activeElement !== had && !focusIsLost()) return;
    if (document.querySelector('#main h1') !== null || Date.now() > until) focusPageHeading();
    else requestAnimationFrame(attempt);
  };
  requestAnimationFrame(attempt);
}
