type Stop = () => Promise<void>;
const state = globalThis as typeof globalThis & { __portalTestStops?: Stop[] };

export default async function globalTeardown(): Promise<void> {
  for (const stop of (state.__portalTestStops ?? []).reverse()) await stop();
}
