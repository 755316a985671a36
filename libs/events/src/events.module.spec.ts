import { Global, Module } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { getDataSourceToken } from '@nestjs/typeorm';
import { AppConfig, loadConfig } from '@portal/config';
import { EventsModule, getOutboxRelayToken } from './events.module';
import { Outbox } from './outbox.service';
import { OutboxRelay } from './outbox-relay';

async function compile(runWorkers: boolean) {
  const config = loadConfig({
    NODE_ENV: 'test',
    RUN_WORKERS: String(runWorkers),
    REDIS_URL: 'redis://127.0.0.1:6399',
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
  });
  // Stands in for ConfigModule and DatabaseModule.forService('documents'); nothing connects
  // because init hooks (which start the relay) are not run by compile().
  @Global()
  @Module({
    providers: [
      { provide: AppConfig, useValue: config },
      { provide: getDataSourceToken('documents'), useValue: { options: { type: 'postgres', schema: 'documents' } } },
    ],
    exports: [AppConfig, getDataSourceToken('documents')],
  })
  class Platform {}
  return Test.createTestingModule({ imports: [Platform, EventsModule.forService('documents')] }).compile();
}

describe('EventsModule.forService', () => {
  it('provides the Outbox and, with RUN_WORKERS, a relay for the service', async () => {
    const moduleRef = await compile(true);
    expect(moduleRef.get(Outbox)).toBeInstanceOf(Outbox);
    expect(moduleRef.get(getOutboxRelayToken('documents'))).toBeInstanceOf(OutboxRelay);
  });

  it('has no relay without RUN_WORKERS', async () => {
    const moduleRef = await compile(false);
    expect(moduleRef.get(Outbox)).toBeInstanceOf(Outbox);
    expect(moduleRef.get(getOutboxRelayToken('documents'))).toBeNull();
  });

  it('returns the same module for a service, so its relay can never run twice in a process', () => {
    expect(EventsModule.forService('billing')).toBe(EventsModule.forService('billing'));
    expect(EventsModule.forService('billing')).not.toBe(EventsModule.forService('identity'));
    expect(() => EventsModule.forService('billing', { pollIntervalMs: 5 })).toThrow(
      /already called with other options/,
    );
  });
});
