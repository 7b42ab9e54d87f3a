/**
 * Moving the keyboard's focus inside the studio's shadow root, where a #fragment cannot reach.
 */

/** Focuses `selector`'s element in `root`; `scroll` brings it into view (a skip link), else the page stays put. */
export function focusOn(root: ParentNode, selector: string, scroll = true): void {
  const target = root.querySelector<HTMLElement>(selector);
  if (!target) return;
  // focusable (tabindex -1) only until it loses the focus: on a shadow host such as gc-stage, a
  // standing tabindex of -1 would take its buttons out of the Tab order
  if (!target.hasAttribute('tabindex')) {
    target.tabIndex = -1;
    target.addEventListener('blur', () => target.removeAttribute('tabindex'), { once: true });
  }
  target.focus({ preventScroll: !scroll });
  if (scroll) target.scrollIntoView({ block: 'nearest' });
}

/** A skip link's click: moves the keyboard past the header and the parameter panel (some 50 stops) to `selector`. */
export function skipTo(event: Event, root: ParentNode, selector: string): void {
  event.preventDefault();
  focusOn(root, selector);
}
