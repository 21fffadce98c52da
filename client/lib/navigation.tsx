import { createContext, useContext, type AnchorHTMLAttributes, type ComponentType } from 'react';

// A type, not an interface: the notifications library takes it as its own (index-signature) type.
export type Notice = {
  title: string;
  message: string;
  color?: string;
};

export interface GoOptions {
  replace?: boolean;
  /** Handed to the next page as its location state. */
  state?: unknown;
  /** A toast the next page shows. */
  notice?: Notice;
}

export type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/**
 * How a screen moves to another page. Inside the app it is the router's; the pre-rendered sign-in pages run
 * without the router (its code is a quarter of their download) and move by loading the next page.
 */
export interface Navigation {
  go: (to: string, options?: GoOptions) => void;
  /** What the page before handed over (the router's location state). */
  state: unknown;
  Link: ComponentType<LinkProps>;
}

const HANDOVER_KEY = 'gso.handover';

interface Handover {
  to: string;
  state?: unknown;
  notice?: Notice;
}

/** Moving by loading the next page; its state and toast travel in session storage (see takeHandover). */
export const pageNavigation: Navigation = {
  go: (to, { replace, state, notice } = {}) => {
    if (state !== undefined || notice) {
      try {
        sessionStorage.setItem(HANDOVER_KEY, JSON.stringify({ to, state, notice } satisfies Handover));
      } catch {
        // Storage refused (private mode quota): the next page opens without the hand-over, as after a reload.
      }
    }
    if (replace) window.location.replace(to);
    else window.location.assign(to);
  },
  state: null,
  Link: ({ to, ...rest }) => <a href={to} {...rest} />,
};

/** What the page that loaded this one handed over, once, if it was meant for this address. */
export function takeHandover(): Omit<Handover, 'to'> | null {
  let raw: string | null;
  try {
    raw = sessionStorage.getItem(HANDOVER_KEY);
    sessionStorage.removeItem(HANDOVER_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const { to, state, notice } = JSON.parse(raw) as Handover;
    return to === window.location.pathname + window.location.search ? { state, notice } : null;
  } catch {
    return null;
  }
}

const NavigationContext = createContext<Navigation>(pageNavigation);

export const NavigationProvider = NavigationContext.Provider;

export const useNavigation = () => useContext(NavigationContext);

/** A link to another page of the product, through whichever navigation the page runs. */
export function AppLink(props: LinkProps) {
  const { Link } = useNavigation();
  return <Link {...props} />;
}
