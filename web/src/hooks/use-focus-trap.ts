import { useEffect, useRef, useState } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Open traps, innermost last: only the innermost one moves focus (a dialog over the drawer). */
const open: HTMLElement[][] = [];

function focusables(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]') && (typeof el.checkVisibility === 'function' ? el.checkVisibility() : true));
}

/**
 * Keeps keyboard focus inside a modal layer (drawer, dialog) while it is mounted: Tab from
 * the last control goes to the first and Shift+Tab from the first to the last. When the layer
 * closes, focus goes back to whatever had it before it opened (the button that opened it),
 * so a keyboard user carries on where they were. The layer focuses its own first control.
 */
export function useFocusTrap<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  // Read while rendering, before the layer exists: by the time effects run, an autofocused
  // field inside it already has the focus.
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));
  useEffect(() => {
    const container = ref.current;
    if (!container) return;
    const layer = [container];
    open.push(layer);
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || open.at(-1) !== layer) return;
      const items = focusables(container);
      const current = document.activeElement;
      const inside = current instanceof Node && container.contains(current);
      // Leaving past either end (or from outside the layer) wraps to the other end.
      const wrapTo = event.shiftKey ? items.at(-1) : items.at(0);
      const atEdge = current === (event.shiftKey ? items.at(0) : items.at(-1));
      if (wrapTo && (atEdge || !inside)) {
        event.preventDefault();
        wrapTo.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      open.splice(open.indexOf(layer), 1);
      // The opener may be gone (the drawer that held it closed too); then the outer layer restores.
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);
  return ref;
}
