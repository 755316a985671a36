import { auditFilter, csvValues, isDay, toAuditEntry } from './audit-log-query';

describe('audit log filters', () => {
  it('knows a day that exists', () => {
    expect(isDay('2026-11-23')).toBe(true);
    expect(isDay('2028-02-29')).toBe(true);
    expect(isDay('2026-02-30')).toBe(false);
    expect(isDay('2026-11-23T00:00:00Z')).toBe(false);
    expect(isDay('23/11/2026')).toBe(false);
    expect(isDay('0000-01-01')).toBe(false);
    expect(isDay('0001-01-01')).toBe(true);
    expect(isDay('9999-12-31')).toBe(true);
  });

  it('filters nothing without filters', () => {
    expect(auditFilter({})).toEqual({ where: '', params: [] });
  });

  it('reads an actor as an id when it is a UUID, else as an e-mail of any case', () => {
    const id = '6F1C0000-0000-4000-8000-0000000000AA';
    expect(auditFilter({ actor: id })).toEqual({ where: 'WHERE actor_id = $1::uuid', params: [id.toLowerCase()] });
    expect(auditFilter({ actor: 'Jane@Example.com' })).toEqual({
      where: 'WHERE lower(actor_email) = lower($1)',
      params: ['Jane@Example.com'],
    });
  });

  it('takes days in UTC with both ends included', () => {
    expect(auditFilter({ action: 'vault.listed', from: '2026-11-01', to: '2026-11-30' })).toEqual({
      where: 'WHERE action = $1 AND at >= $2::timestamptz AND at < $3::timestamptz',
      params: ['vault.listed', '2026-11-01T00:00:00.000Z', '2026-12-01T00:00:00.000Z'],
    });
    expect(auditFilter({ to: '2026-12-31' }).params).toEqual(['2027-01-01T00:00:00.000Z']);
    expect(auditFilter({ to: '9999-12-31' })).toEqual({ where: '', params: [] });
  });
});

describe('an audit entry', () => {
  const row = {
    id: '6f1c0000-0000-4000-8000-0000000000aa',
    at: new Date('2026-11-23T10:00:00.123Z'),
    actor_id: null,
    actor_email: '=HYPERLINK("http://evil")@example.com',
    action: 'auth.sign_in_failed' as const,
    target: null,
    client_ip: '203.0.113.7',
    request_id: 'req-1',
    details: { reason: 'wrong_password' },
  };

  it('is answered as the contract says (details never null)', () => {
    expect(toAuditEntry({ ...row, details: null })).toEqual({
      ...row,
      at: '2026-11-23T10:00:00.123Z',
      details: {},
    });
  });

  it('becomes CSV values: empty for none, details as JSON', () => {
    expect(csvValues(toAuditEntry(row))).toEqual([
      row.id,
      '2026-11-23T10:00:00.123Z',
      '',
      row.actor_email,
      'auth.sign_in_failed',
      '',
      '203.0.113.7',
      'req-1',
      '{"reason":"wrong_password"}',
    ]);
  });
});
