import { randomBytes } from 'node:crypto';
// Relative imports in this folder's setup path: jest's global setup has no path aliases.
import { createDatabase, dropDatabase } from '../../database/src/admin';
import { runServiceMigrations, ServiceDataDefinition } from '../../database/src/data-source';

export interface TestDatabase {
  /** URL of the new, migrated database. */
  url: string;
  drop(): Promise<void>;
}

function serverUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run tests through jest (its global setup provides one)');
  return url;
}

/**
 * A new database for one test file, with the given services' schemas migrated.
 * Call in beforeAll and drop in afterAll; databases never leak between files.
 */
export async function createTestDatabase(definitions: ServiceDataDefinition[]): Promise<TestDatabase> {
  const name = `test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const url = await createDatabase(serverUrl(), name);
  for (const definition of definitions) await runServiceMigrations(definition, url);
  return { url, drop: () => dropDatabase(serverUrl(), name) };
}
