const STOP_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;

/**
 * Scrolls an element to the top of the view and keeps it there while the page above it is still loading: cards
 * that arrive and grow above it (charts, figures) would otherwise push it out of view just after the scroll. Stops
 * as soon as the person scrolls or types themselves, and after a few seconds.
 */
export function scrollIntoPlace(el: Element | null, { smooth = true } = {}) {
  if (!el) return;
  el.scrollIntoView({ behavior: smooth ? 'smooth' : 'auto', block: 'start' });
  let first = true; // an observer reports once when it starts: that is not a change
  const keep = new ResizeObserver(() => {
    if (!first) el.scrollIntoView({ block: 'start' });
    first = false;
  });
  keep.observe(document.body);
  const stop = () => {
    keep.disconnect();
    clearTimeout(timer);
    for (const e of STOP_EVENTS) window.removeEventListener(e, stop);
  };
  const timer = setTimeout(stop, 4000);
  for (const e of STOP_EVENTS) window.addEventListener(e, stop, { passive: true });
}
