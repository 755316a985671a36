import { DataSource } from 'typeorm';
import { createTestDatabase, TestDatabase } from '@portal/testing';
import { serviceDataSourceOptions } from '@portal/database';
import { SERVICE_MODULES } from '../src/service-modules';

/**
 * Entities and migrations never drift: after every service's migrations, TypeORM finds
 * nothing to change between each service's entities and its schema. A column added to
 * an entity without a migration (or a migration that differs from its entity) fails here.
 */
describe('schema drift: entities against the migrated database', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase(SERVICE_MODULES.map((service) => service.data));
  });

  afterAll(async () => {
    await db?.drop();
  });

  it.each(SERVICE_MODULES.map((service) => [service.name, service]))(
    '%s: the schema is exactly what its entities describe',
    async (_name, service) => {
      const dataSource = await new DataSource(serviceDataSourceOptions(service.data, db.url, 1)).initialize();
      try {
        const pending = await dataSource.driver.createSchemaBuilder().log();
        expect(pending.upQueries.map((query) => query.query)).toEqual([]);
      } finally {
        await dataSource.destroy();
      }
    },
  );
});
