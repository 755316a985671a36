import { QueryClientProvider, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { SessionProvider, sessionStore, useSession } from '../shared/session';

/**
 * App-wide state: server data (react-query) and the signed-in session. The query client is the
 * caller's: the browser keeps one for the visit, the prerender makes one per page.
 */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider store={sessionStore}>
        <ForgetDataOnSignOut />
        {children}
      </SessionProvider>
    </QueryClientProvider>
  );
}

/**
 * When a session ends, the data read with it goes too, so that the next person to sign in on this browser
 * never sees the last one's. After the render that ended it: the pages that showed that data are gone by then.
 */
function ForgetDataOnSignOut() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const signedIn = useRef(user !== null);
  useEffect(() => {
    if (signedIn.current && user === null) queryClient.clear();
    signedIn.current = user !== null;
  }, [user, queryClient]);
  return null;
}
