import { useState } from 'react';
import { inFlight, type InFlight } from './in-flight';

/** The component's own one-action-at-a-time lock (see inFlight), kept across renders. */
export function useInFlight(): InFlight {
  const [flight] = useState(inFlight);
  return flight;
}
