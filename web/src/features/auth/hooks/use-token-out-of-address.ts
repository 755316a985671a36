import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { carriesToken, withoutToken } from '../redirects';

/**
 * Once `done` (the page has what it needs of the link's one-time token), the token leaves the address
 * bar, replacing this history entry: third-party scripts of the page (the chat widget, which waits for
 * it) read the address and report it home. `state` goes with the entry, so a reload still has it.
 */
export function useTokenOutOfAddress(done: boolean, state?: unknown): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const present = carriesToken(search, hash);
  useEffect(() => {
    if (!done || !present) return;
    void navigate({ pathname, ...withoutToken(search, hash) }, { replace: true, state });
  }, [done, present, pathname, search, hash, navigate, state]);
}
