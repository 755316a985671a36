import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * Goes on after the success screen's pause (spec part 2, section 9: 2 s), replacing the finished
 * checkout in the history, with the data the next page shows (router state). Leaving first cancels it.
 */
export function useRedirectAfter(): (to: string, delayMs: number, state?: unknown) => void {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return useCallback(
    (to: string, delayMs: number, state?: unknown) => {
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void navigate(to, { replace: true, state }), delayMs);
    },
    [navigate],
  );
}
