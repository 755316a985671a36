import { DynamicModule, Module } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { ServiceName } from '@portal/config';
import { AuditTrail } from './audit-trail';
import { Outbox } from './outbox.service';
import { OutboxRelay } from './outbox-relay';
import { OUTBOX_RELAY } from './queue.module';

/** Names a provider whose creation hands the service's data source to the process's relay. */
const outboxSourceToken = (service: ServiceName) => `OutboxSource:${service}`;

const modules = new Map<ServiceName, DynamicModule>();

/**
 * The outbox of one service: `Outbox` to write jobs in the caller's transaction, `AuditTrail` to
 * write audit entries the same way, and its
 * schema added to the outboxes the process's relay drains (QueueModule.forRoot() owns the
 * relay: one per process, whatever services it hosts). Import once per service:
 * `EventsModule.forService('identity')`, beside DatabaseModule.forService(...).
 */
@Module({})
export class EventsModule {
  static forService(service: ServiceName): DynamicModule {
    let module = modules.get(service);
    if (!module) {
      module = {
        module: EventsModule,
        providers: [
          Outbox,
          {
            provide: outboxSourceToken(service),
            inject: [{ token: OUTBOX_RELAY, optional: true }, getDataSourceToken(service)],
            // No relay when the process runs no workers: the rows wait for a worker process's relay.
            useFactory: (relay: OutboxRelay | null, dataSource: DataSource) => {
              relay?.addSource(dataSource);
              return service;
            },
          },
          {
            provide: AuditTrail,
            inject: [Outbox, getDataSourceToken(service)],
            useFactory: (outbox: Outbox, dataSource: DataSource) => new AuditTrail(outbox, dataSource, service),
          },
        ],
        exports: [Outbox, AuditTrail],
      };
      modules.set(service, module);
    }
    return module;
  }
}
