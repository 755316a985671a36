import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { useTestApp } from '@portal/testing';
import { auditFilter } from '../src/audit/audit-log-query';

/**
 * The store of the audit log: an entry a service writes through its outbox reaches identity's
 * audit_log once, and no line can be changed or removed afterwards, not even by the application's
 * own database role.
 */
describe('identity: audit log store', () => {
  const app = useTestApp();

  /** What AuditTrail.record writes: an outbox row of the 'audit' queue, announced at commit. */
  async function enqueueEntry(schema: string, action: string, target: string): Promise<string> {
    const id = randomUUID();
    const entry = {
      at: new Date().toISOString(),
      actor_id: randomUUID(),
      actor_email: 'staff@example.com',
      client_ip: '203.0.113.7',
      request_id: 'req-1',
      action,
      target,
      details: { note: 'from a test' },
    };
    await app.sql(`INSERT INTO ${schema}.outbox (id, queue, name, payload) VALUES ($1, 'audit', 'record', $2::jsonb)`, [
      id,
      JSON.stringify(entry),
    ]);
    await app.sql(`SELECT pg_notify('portal_outbox', $1)`, [schema]);
    return id;
  }

  it("appends an entry from any service's outbox to identity.audit_log, once", async () => {
    const id = await enqueueEntry('onboarding', 'invite_code.created', 'invite_code:42');
    await app.settled();
    const rows = await app.sql('SELECT * FROM identity.audit_log WHERE id = $1', [id]);
    expect(rows).toEqual([
      expect.objectContaining({
        id,
        action: 'invite_code.created',
        target: 'invite_code:42',
        actor_email: 'staff@example.com',
        client_ip: '203.0.113.7',
        request_id: 'req-1',
        details: { note: 'from a test' },
      }),
    ]);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on audit_log', async () => {
    const id = await enqueueEntry('identity', 'auth.sign_in', 'user:1');
    await app.settled();
    await expect(
      app.sql(`UPDATE identity.audit_log SET action = 'auth.sign_in_failed' WHERE id = $1`, [id]),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(app.sql('DELETE FROM identity.audit_log WHERE id = $1', [id])).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(app.sql('TRUNCATE identity.audit_log')).rejects.toThrow(/append-only: TRUNCATE refused/);
    expect(await app.sql('SELECT action FROM identity.audit_log WHERE id = $1', [id])).toEqual([
      { action: 'auth.sign_in' },
    ]);
  });

  it("finds an actor's entries by e-mail, in any case, through an index (not by reading the whole log)", async () => {
    const { where, params } = auditFilter({ actor: 'Staff@Example.com' });
    const client = new Client({ connectionString: app.db.url });
    await client.connect();
    try {
      // A test log is small enough for a sequential scan to win; the question is whether an index fits.
      await client.query('SET enable_seqscan = off');
      await client.query('SET search_path TO identity');
      const plan = await client.query<{ 'QUERY PLAN': string }>(
        `EXPLAIN SELECT id FROM audit_log ${where} ORDER BY at DESC, id DESC LIMIT 50`,
        params,
      );
      expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('audit_log_actor_email_at_idx');
    } finally {
      await client.end();
    }
  });
});
