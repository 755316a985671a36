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
    expect(params).toHaveLength(1);
    expect(JSON.parse(params[0] as string)).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      at: expect.any(String),
      ...scope,
      action: 'auth.sign_in',
      target: 'user:u1',
      details: {},
    });
  });

  it('runs a change and its entry as one statement, the entry numbered after the change', async () => {
    const outside = manager(false);
    outside.query.mockResolvedValue([{ id: 's1' }]);
    const rows = await new AuditTrail(new Outbox(), dataSource, 'identity').withEntry(
      outside,
      { sql: 'INSERT INTO sessions (user_id) VALUES ($1) RETURNING id', params: ['u1'] },
      scope,
      'auth.sign_in',
      'user:u1',
      { second_factor: 'none' },
    );
    expect(rows).toEqual([{ id: 's1' }]);
    expect(outside.query).toHaveBeenCalledTimes(1);
    const [sql, params] = outside.query.mock.calls[0] as [string, unknown[]];
    expect(sql).toMatch(
      /^WITH change AS \(INSERT INTO sessions \(user_id\) VALUES \(\$1\) RETURNING id\), entry AS \(INSERT INTO audit_log .*\$2::jsonb\)\) SELECT \* FROM change$/s,
    );
    expect(params[0]).toBe('u1');
    expect(JSON.parse(params[1] as string)).toMatchObject({
      action: 'auth.sign_in',
      details: { second_factor: 'none' },
    });
  });

  it('refuses withEntry in a service that sends its entries through its outbox', async () => {
    const any = manager();
    await expect(
      new AuditTrail(new Outbox(), dataSource, 'billing').withEntry(
        any,
        { sql: 'SELECT 1', params: [] },
        scope,
        'auth.sign_in',
      ),
    ).rejects.toThrow(/only identity writes audit_log itself/);
    expect(any.query).not.toHaveBeenCalled();
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
