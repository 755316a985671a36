import { Global, Module } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AppConfig, loadConfig } from '@portal/config';
import { EventsModule } from './events.module';
import { Outbox } from './outbox.service';
import { OutboxRelay } from './outbox-relay';
import { OUTBOX_RELAY, QueueModule } from './queue.module';
import { RedisConnections } from './redis-connections';

const dataSource = (schema: string) => ({ options: { type: 'postgres', schema } });

async function compile(runWorkers: boolean): Promise<TestingModule> {
  const config = loadConfig({
    NODE_ENV: 'test',
    RUN_WORKERS: String(runWorkers),
    REDIS_URL: 'redis://127.0.0.1:6399',
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
  });
  // Stands in for ConfigModule and DatabaseModule.forService(...) of two services; nothing
  // connects to Postgres because init hooks (which start the relay) are not run by compile().
  @Global()
  @Module({
    providers: [
      { provide: AppConfig, useValue: config },
      { provide: getDataSourceToken('documents'), useValue: dataSource('documents') },
      { provide: getDataSourceToken('billing'), useValue: dataSource('billing') },
    ],
    exports: [AppConfig, getDataSourceToken('documents'), getDataSourceToken('billing')],
  })
  class Platform {}
  return Test.createTestingModule({
    imports: [
      Platform,
      QueueModule.forRoot({ prefix: 'unit' }),
      EventsModule.forService('documents'),
      EventsModule.forService('billing'),
    ],
  }).compile();
}

describe('EventsModule.forService', () => {
  let moduleRef: TestingModule | undefined;
  afterEach(async () => {
    await moduleRef?.get(RedisConnections).close();
    moduleRef = undefined;
  });

  it('provides the Outbox, and one relay per process that drains every hosted service', async () => {
    moduleRef = await compile(true);
    expect(moduleRef.get(Outbox)).toBeInstanceOf(Outbox);
    const relay = moduleRef.get<OutboxRelay>(OUTBOX_RELAY);
    expect(relay).toBeInstanceOf(OutboxRelay);
    expect(relay.schemas.sort()).toEqual(['billing', 'documents']);
  });

  it('has no relay without RUN_WORKERS', async () => {
    moduleRef = await compile(false);
    expect(moduleRef.get(Outbox)).toBeInstanceOf(Outbox);
    expect(moduleRef.get(OUTBOX_RELAY)).toBeNull();
  });

  it('returns the same module for a service, so its outbox is added once', () => {
    expect(EventsModule.forService('billing')).toBe(EventsModule.forService('billing'));
    expect(EventsModule.forService('billing')).not.toBe(EventsModule.forService('identity'));
  });
});
