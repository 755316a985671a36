import { DataSource, DataSourceOptions, MixedList } from 'typeorm';
import { SnakeNamingStrategy } from 'typeorm-naming-strategies';
import type { ServiceName } from '@portal/config';

/** What a service declares about its data: the schema it owns, its entities and migrations. */
export interface ServiceDataDefinition {
  service: ServiceName;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  entities: MixedList<Function>;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
}

export const MIGRATIONS_TABLE = 'migrations';

/**
 * Options of one service's data source: its own schema (search_path included, so raw
 * SQL in migrations lands there too), snake_case names, migrations never synchronised.
 * Generated uuids are Postgres's own gen_random_uuid() (what the migrations use), and
 * TypeORM installs no extension when it connects: the migrations own the database.
 */
export function serviceDataSourceOptions(
  definition: ServiceDataDefinition,
  databaseUrl: string,
  poolSize = 5,
): DataSourceOptions {
  return {
    type: 'postgres',
    url: databaseUrl,
    schema: definition.service,
    entities: definition.entities,
    migrations: definition.migrations,
    migrationsTableName: MIGRATIONS_TABLE,
    migrationsTransactionMode: 'each',
    namingStrategy: new SnakeNamingStrategy(),
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: { max: poolSize, options: `-c search_path=${definition.service},public` },
    applicationName: `portal-${definition.service}`,
  } as DataSourceOptions;
}

/**
 * Creates the service's schema if needed and runs its pending migrations; returns their
 * names. Processes starting together (replicas, a migrate job beside a service) take
 * turns: a session advisory lock per schema, held on the one pooled connection that the
 * migrations also use, so the second finds nothing left to do.
 */
export async function runServiceMigrations(definition: ServiceDataDefinition, databaseUrl: string): Promise<string[]> {
  const dataSource = new DataSource(serviceDataSourceOptions(definition, databaseUrl, 1));
  await dataSource.initialize();
  const lock = `portal:migrate:${definition.service}`;
  try {
    await dataSource.query('SELECT pg_advisory_lock(hashtext($1))', [lock]);
    await dataSource.query(`CREATE SCHEMA IF NOT EXISTS "${definition.service}"`);
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  } finally {
    await dataSource.query('SELECT pg_advisory_unlock(hashtext($1))', [lock]).catch(() => undefined);
    await dataSource.destroy();
  }
}
