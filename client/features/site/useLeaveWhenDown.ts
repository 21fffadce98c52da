import { useEffect } from 'react';
import { storage } from '../../lib/storage';
import { useSiteStatus } from './api';

/**
 * The pages without the router (the landing page, the sign-in pages): when the availability check fails, or says the
 * site is off where `offToo`, the page is remembered and the visitor goes to /maintenance, whose Try Again brings
 * them back. Leaving also ends the checking: a page that stayed would ask again each time a part of it mounted.
 */
export function useLeaveWhenDown(offToo: boolean) {
  const status = useSiteStatus();
  const leave = status.isError || (offToo && status.data?.available === false);
  useEffect(() => {
    if (!leave) return;
    storage.rememberPath(window.location.pathname + window.location.search);
    window.location.replace('/maintenance');
  }, [leave]);
  return status;
}
