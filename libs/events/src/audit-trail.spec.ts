import type { DataSource, EntityManager } from 'typeorm';
import { AuditTrail, AuditScope } from './audit-trail';
import { Outbox } from './outbox.service';

const scope: AuditScope = {
  actor_id: 'u1',
  actor_email: 'staff@example.com',
  client_ip: '203.0.113.7',
  request_id: 'r1',
};

function manager(inTransaction = true): EntityManager & { query: jest.Mock } {
  return { queryRunner: { isTransactionActive: inTransaction }, query: jest.fn(async () => []) } as never;
}

describe('AuditTrail', () => {
  const dataSource = {} as DataSource;

  it("writes the audit log service's own entries straight into audit_log, in the caller's transaction", async () => {
    const outbox = new Outbox();
    const enqueue = jest.spyOn(outbox, 'enqueue');
    const inTransaction = manager();
    await new AuditTrail(outbox, dataSource, 'identity').record(inTransaction, scope, 'auth.sign_in', 'user:u1');
    expect(enqueue).not.toHaveBeenCalled();
    expect(inTransaction.query).toHaveBeenCalledTimes(1);
    const [sql, params] = inTransaction.query.mock.calls[0] as [string, unknown[]];
    expect(sql).toMatch(/^INSERT INTO audit_log /);
    expect(params.slice(2)).toEqual(['u1', 'staff@example.com', 'auth.sign_in', 'user:u1', '203.0.113.7', 'r1', '{}']);
  });

  it('refuses to write an entry outside a transaction, in either service', async () => {
    for (const service of ['identity', 'onboarding'] as const) {
      const outside = manager(false);
      await expect(
        new AuditTrail(new Outbox(), dataSource, service).record(outside, scope, 'auth.sign_in'),
      ).rejects.toThrow(/needs the EntityManager of an open transaction/);
      expect(outside.query).not.toHaveBeenCalled();
    }
  });

  it("sends any other service's entries to the audit queue through its outbox", async () => {
    const outbox = new Outbox();
    const enqueue = jest.spyOn(outbox, 'enqueue').mockResolvedValue('job-1');
    const inTransaction = manager();
    await new AuditTrail(outbox, dataSource, 'onboarding').record(inTransaction, scope, 'invite_code.created', 'x');
    expect(enqueue).toHaveBeenCalledWith(
      inTransaction,
      'audit',
      'record',
      expect.objectContaining({ action: 'invite_code.created', target: 'x', actor_id: 'u1' }),
    );
  });
});
