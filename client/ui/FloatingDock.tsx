import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Box, type BoxProps } from '@mantine/core';

const DOCK_ID = 'gso-float-dock';
/** Room kept under the page's last control: the dock's height and its margins (16 px below, 16 above). */
const MARGINS = 32;

/**
 * The one place floating buttons live (the chat, Borrow Items' "Review request"): stacked at the bottom right, so
 * they never cover each other, and the page keeps as much room below its last control as the stack is high
 * (`--gso-float-reserve`, used by the portal's main area, the landing page's footer and scroll padding), so they
 * never cover a control either once the page is scrolled to it.
 */
function dock(): HTMLElement {
  const found = document.getElementById(DOCK_ID);
  if (found) return found;
  const el = document.createElement('div');
  el.id = DOCK_ID;
  el.className = 'gso-float-dock gso-no-print';
  document.body.appendChild(el);
  new ResizeObserver(() => {
    const high = el.offsetHeight;
    document.documentElement.style.setProperty('--gso-float-reserve', high ? `${high + MARGINS}px` : '0px');
  }).observe(el);
  return el;
}

/** A floating button in the dock; a lower `order` sits lower in the stack. */
export function Floating({ order, children, ...box }: { order: number; children: ReactNode } & BoxProps) {
  const [host, setHost] = useState<HTMLElement | null>(null);
  useEffect(() => setHost(dock()), []);
  if (!host) return null;
  return createPortal(
    <Box {...box} style={{ order }}>
      {children}
    </Box>,
    host,
  );
}
