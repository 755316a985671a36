import { CreateOutbox1795313409201 } from './migrations/1795313409201-CreateOutbox';
import { OutboxMessage } from './outbox-message.entity';
import { serviceData } from './outbox-schema';

describe('serviceData', () => {
  it('adds the outbox to a service definition, first', () => {
    class Invoice {}
    class CreateInvoices1795400000000 {}
    expect(serviceData('billing', { entities: [Invoice], migrations: { CreateInvoices1795400000000 } })).toEqual({
      service: 'billing',
      entities: [OutboxMessage, Invoice],
      migrations: [CreateOutbox1795313409201, CreateInvoices1795400000000],
    });
  });
});
