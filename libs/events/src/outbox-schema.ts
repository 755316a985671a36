import type { ServiceName } from '@portal/config';
import type { ServiceDataDefinition } from '@portal/database';
import { CreateOutbox1795313409201 } from './migrations/1795313409201-CreateOutbox';
import { OutboxMessage } from './outbox-message.entity';

/** What every producing service has in its schema besides its own tables. */
export const OUTBOX_ENTITIES = [OutboxMessage];
export const OUTBOX_MIGRATIONS = [CreateOutbox1795313409201];

/**
 * A service's data definition with the outbox included, so no service can forget it:
 * `serviceData('identity', { entities: [User], migrations: [CreateUsers1795...] })`.
 */
export function serviceData(
  service: ServiceName,
  own: Pick<ServiceDataDefinition, 'entities' | 'migrations'>,
): ServiceDataDefinition {
  return {
    service,
    entities: [...OUTBOX_ENTITIES, ...asArray(own.entities)],
    migrations: [...OUTBOX_MIGRATIONS, ...asArray(own.migrations)],
  };
}

function asArray<T>(list: T[] | { [name: string]: T }): T[] {
  return Array.isArray(list) ? list : Object.values(list);
}
