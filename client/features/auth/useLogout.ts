import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api, setSigningOut } from '../../lib/api';
import { turnOffHere } from '../../lib/pushDevice';
import { storage } from '../../lib/storage';
import { setOfflinePerson } from '../../lib/offlinePerson';
import { meKey } from '../../lib/queryKeys';

/**
 * Signs out and goes to `to` (docs/product.md: the user portal's logout goes to /, the others' to their login).
 * The page is left before the cached account is cleared: cleared first, the portal's guard would see no session
 * and send the browser to the portal's login while the next page's code still loads. It lives apart from ./api.ts
 * because it needs the router, which the light sign-in pages (users of ./api.ts too) must not carry.
 */
export function useLogout(to: string) {
  const qc = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async () => {
      // Requests still under way (the page's lists, the portal's "who is signed in") come back 401 once the session
      // is gone; until `to` has loaded, that must not read as a session ended elsewhere and send the person to the
      // portal's login instead (a race seen on a busy machine). Their answers no longer matter: they are dropped.
      setSigningOut(true);
      // Changes waiting on this device stay there, unsent, until their person signs in again (docs/decisions/offline-queue.md).
      setOfflinePerson(null);
      await qc.cancelQueries();
      // This device's notifications end with the session: the next person on it is not told of this one's work.
      await turnOffHere().catch(() => undefined);
      return api.post('/api/auth/logout').catch(() => undefined);
    },
    // Local and session storage are cleared whatever the outcome (docs/product.md layout).
    onSettled: async () => {
      // Committed at once (not as a transition the cache's clearing below could overtake): the portal is gone
      // before its guard could see no session and send the person to the login instead.
      try {
        await navigate(to, { replace: true, flushSync: true });
      } finally {
        storage.clearAll();
        // What this device kept for reading offline is this person's: it goes too (docs/decisions/pwa.md).
        void import('../../lib/keptAnswers').then((k) => k.forgetKeptAnswers());
      }
      // Another navigation overtook this one (seen once on a busy machine: the page stayed on the portal): its lists
      // would ask again without a session. The page is loaded afresh instead, still signing out.
      if (window.location.pathname !== to) return window.location.replace(to);
      qc.clear();
      qc.setQueryData(meKey, null);
      setSigningOut(false);
    },
  });
}
