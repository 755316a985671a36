/**
 * The prerender's entry (built by `vite build --ssr`, run by web/scripts/prerender.mjs in Node): renders
 * one public page to HTML as a visitor who is not signed in sees it, with the catalog data it shows.
 * Its API calls go to whatever `fetch` the caller has installed (the catalog, not the network).
 */
import { dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router-dom';
import { AppRoutes } from './app/App';
import { preloadPages } from './app/lazy-page';
import { AppProviders } from './app/providers';
import { routes } from './app/routes';
import { apiClient } from './shared/api';
import { createPublicReads } from './shared/api/public-reads';
import { createQueryClient } from './shared/api/query-client';
import { BRAND_NAME } from './shared/brand';
import { DocumentTitleContext } from './shared/ui/use-document-title';
import { setRenderedAt } from './shared/ui/use-today';

export { ROUTES } from './shared/routes';

export interface RenderedPage {
  /** The markup of <div id="root">. */
  html: string;
  /** The tab title the page sets (useDocumentTitle). */
  title: string;
  /** What the browser hydrates with (main.tsx): when the page was rendered, and what it read. */
  state: { renderedAt: string; queries: DehydratedState; publicReads: Record<string, unknown> };
}

/** A page whose reads depend on earlier ones (a category's attributes on the services) needs a pass each. */
const MAX_PASSES = 4;

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

export async function render(path: string): Promise<RenderedPage> {
  // The page's code first: the render is synchronous and must not meet a page still loading.
  const matched = await preloadPages(routes, path);
  // The deepest route is the page; the not-found page's is '*'.
  if (!matched.length || matched.at(-1)?.path === '*') throw new Error(`${path} is not a page of the app`);
  const renderedAt = new Date();
  setRenderedAt(renderedAt);
  const queryClient = createQueryClient();
  const publicReads = createPublicReads((apiPath) => apiClient.get(apiPath));
  let title = BRAND_NAME;
  const setTitle = (pageTitle: string) => {
    title = pageTitle;
  };
  // Reads do not run during a server render: render, fetch what the render asked for, render again.
  for (let pass = 1; ; pass += 1) {
    const html = renderToString(
      <StrictMode>
        <DocumentTitleContext value={setTitle}>
          <AppProviders serverData={{ publicReads, queryClient }}>
            <StaticRouter location={path}>
              <AppRoutes />
            </StaticRouter>
          </AppProviders>
        </DocumentTitleContext>
      </StrictMode>,
    );
    // The options a query was last built with are its observer's, `enabled` included.
    const waiting = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && isEnabled(query));
    const unanswered = publicReads.unanswered();
    if (!waiting.length && !unanswered.length)
      return {
        html,
        title,
        state: {
          renderedAt: renderedAt.toISOString(),
          queries: dehydrate(queryClient),
          publicReads: publicReads.snapshot(),
        },
      };
    if (pass === MAX_PASSES) throw new Error(`${path}: reads still pending after ${pass} renders`);
    await Promise.all([
      ...waiting.map((query) => query.fetch()),
      ...unanswered.map((apiPath) => publicReads.refresh(apiPath)),
    ]);
  }
}
