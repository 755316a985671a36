// Tokens and base styles first, so that component styles come later in the cascade.
import './shared/ui/tokens.css';
import './shared/ui/global.css';
import type { DehydratedState } from '@tanstack/react-query';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { preloadPages } from './app/lazy-page';
import { routes } from './app/routes';
import { apiClient } from './shared/api';
import { createPublicReads } from './shared/api/public-reads';
import { installLeaveGuard } from './shared/ui/use-leave-guard';
import { setRenderedAt } from './shared/ui/use-today';

/** Written into each prerendered page by web/scripts/prerender.mjs: the data its HTML was rendered with. */
const PRERENDER_STATE_ID = 'prerender-state';

interface PrerenderState {
  renderedAt: string;
  queries: DehydratedState;
  publicReads: Record<string, unknown>;
}

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no <div id="root"> to render the app into');
  installLeaveGuard();
  const state = document.getElementById(PRERENDER_STATE_ID);
  if (!state) {
    // The app shell (app.html): pages that are not prerendered render from scratch.
    const app = <App serverData={{ publicReads: createPublicReads((path) => apiClient.get(path)) }} />;
    createRoot(container).render(<StrictMode>{app}</StrictMode>);
    return;
  }
  // A prerendered page: the first render must be the HTML's, so the page's code and data are there first.
  // The data is the build's: shown as is for hydration, then fetched again by whatever shows it, so that a
  // catalog changed since the build appears moments later (public-reads.ts, QueryScope).
  const prerendered = JSON.parse(state.textContent ?? '') as PrerenderState;
  setRenderedAt(new Date(prerendered.renderedAt));
  const serverData = {
    publicReads: createPublicReads((path) => apiClient.get(path), { initial: prerendered.publicReads }),
    prerenderedQueries: prerendered.queries,
  };
  await preloadPages(routes, window.location);
  const app = <App serverData={serverData} />;
  // As a transition, hydration yields to the browser every few milliseconds instead of holding the main
  // thread for the whole page (the page is already visible; a click on a part not yet hydrated makes React
  // hydrate that part at once and then handle the click).
  startTransition(() => {
    hydrateRoot(container, <StrictMode>{app}</StrictMode>);
  });
}

void start();
