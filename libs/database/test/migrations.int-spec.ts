import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTestDatabase, sql, TestDatabase } from '@portal/testing';
import { runServiceMigrations, ServiceDataDefinition } from '../src/data-source';

class CreateWidgets1700000000000 implements MigrationInterface {
  name = 'CreateWidgets1700000000000';

  async up(runner: QueryRunner): Promise<void> {
    // Slow enough that two unserialised runs would overlap and the second would fail.
    await runner.query('SELECT pg_sleep(0.3)');
    await runner.query('CREATE TABLE widgets (id int PRIMARY KEY)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE widgets');
  }
}

const definition: ServiceDataDefinition = {
  service: 'documents',
  entities: [],
  migrations: [CreateWidgets1700000000000],
};

describe('runServiceMigrations', () => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await createTestDatabase([]);
  });

  afterAll(() => db.drop());

  it('lets processes that start together take turns: one applies, the other finds nothing to do', async () => {
    const results = await Promise.all([
      runServiceMigrations(definition, db.url),
      runServiceMigrations(definition, db.url),
    ]);
    expect(results.map((names) => names.length).sort()).toEqual([0, 1]);
    expect(await sql(db.url, 'SELECT name FROM documents.migrations')).toEqual([
      { name: 'CreateWidgets1700000000000' },
    ]);
    expect(await sql(db.url, "SELECT to_regclass('documents.widgets') IS NOT NULL AS created")).toEqual([
      { created: true },
    ]);
  });
});
