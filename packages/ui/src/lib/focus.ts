// Where the keyboard focus goes when what held it goes away (#30.11): after a route change the
// new page's heading; after a dialog closes the element that opened it, or the page's heading
// when that is gone. A heading takes the focus from a script only (`tabindex="-1"`).

/** The page's main heading (`#main h1`), else the main region itself. */
function pageHeading(doc: Document): HTMLElement | null {
  return doc.querySelector<HTMLElement>('#main h1') ?? doc.getElementById('main');
}

/** Moves the focus to the page's main heading; false when the page has none (yet). */
export function focusPageHeading(doc: Document = document): boolean {
  const heading = pageHeading(doc);
  if (heading === null) return false;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
  return true;
}

/** Whether the focus is nowhere in particular (the body, or an element no longer in the page). */
export function focusIsLost(doc: Document = document): boolean {
  const active = doc.activeElement;
  return active === null || active === doc.body || !active.isConnected;
}

/**
 * After a dialog closed: the focus back on `opener` when nobody placed it since (Headless UI
 * gives it back itself while the opener is there), else on the page's heading — an opener the
 * dialog's action removed (a withdrawn request's button) leaves it nowhere otherwise.
 */
export function returnFocus(opener: Element | null, doc: Document = document): void {
  if (!focusIsLost(doc)) return;
  if (opener instanceof HTMLElement && opener.isConnected && opener !== doc.body) {
    opener.focus();
    if (!focusIsLost(doc)) return;
  }
  focusPageHeading(doc);
}
