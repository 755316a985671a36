import { useEffect, useRef, type ReactNode } from 'react';
import { ServerDataProvider, useServerData, type ServerData } from '../shared/api/server-data';
import { SessionProvider, sessionStore, useSession } from '../shared/session';

/**
 * App-wide state: what is read from the server and the signed-in session. The server data is the
 * caller's: the browser keeps one for the visit, the prerender makes one per page.
 */
export function AppProviders({ serverData, children }: { serverData: ServerData; children: ReactNode }) {
  return (
    <ServerDataProvider value={serverData}>
      <SessionProvider store={sessionStore}>
        <ForgetDataOnSignOut />
        {children}
      </SessionProvider>
    </ServerDataProvider>
  );
}

/**
 * When a session ends, the data read with it goes too, so that the next person to sign in on this browser
 * never sees the last one's. After the render that ended it: the pages that showed that data are gone by then.
 * Here, not in QueryScope: the session may end on a page outside it (the home page).
 */
function ForgetDataOnSignOut() {
  const serverData = useServerData();
  const { user } = useSession();
  const signedIn = useRef(user !== null);
  useEffect(() => {
    if (signedIn.current && user === null) serverData.queryClient?.clear();
    signedIn.current = user !== null;
  }, [user, serverData]);
  return null;
}
