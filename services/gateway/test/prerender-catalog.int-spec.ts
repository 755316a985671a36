import { repoRoot } from '@portal/config';
import { useTestApp } from '@portal/testing';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The public pages are prerendered at build time (web/scripts/prerender.mjs) from web/prerender-catalog.json:
 * the catalog's public reads as its migrations seed it. This keeps that file equal to what a freshly
 * migrated catalog serves; after a seed change, `UPDATE_PRERENDER_CATALOG=1` rewrites it.
 */
const SNAPSHOT = join(repoRoot(), 'web', 'prerender-catalog.json');
const LISTS = ['/api/menu/', '/api/pages/', '/api/services/', '/api/forms/'];

describe('the catalog the public pages are prerendered with', () => {
  const app = useTestApp();

  it('is what the seeded catalog serves', async () => {
    const read = async (path: string): Promise<unknown> => {
      const response = await fetch(`${app.gateway.baseUrl}${path}`);
      expect(response.status).toBe(200);
      return response.json();
    };
    const served: Record<string, unknown> = {};
    for (const path of LISTS) served[path] = await read(path);
    // Each category's attribute names, which the service pages read too.
    const categories = new Set((served['/api/services/'] as Array<{ category: string }>).map((s) => s.category));
    for (const category of [...categories].sort()) {
      const path = `/api/services/attributes/${encodeURIComponent(category)}`;
      served[path] = await read(path);
    }
    if (process.env.UPDATE_PRERENDER_CATALOG === '1') writeFileSync(SNAPSHOT, `${JSON.stringify(served, null, 2)}\n`);
    expect(JSON.parse(readFileSync(SNAPSHOT, 'utf8'))).toEqual(served);
  });
});
