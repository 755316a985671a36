import { AUDIT_ACTIONS } from '@portal/contracts';
import { actionLabel, AUDIT_ACTION_LABELS } from '../../shared/audit-actions';
import {
  actorLabel,
  AUDIT_ACTION_FILTERS,
  auditLogQuery,
  auditLogQueryString,
  filtersProblem,
  NO_FILTERS,
} from './audit-log';

describe('the audit log tab', () => {
  it('names every action in words, each once', () => {
    expect(Object.keys(AUDIT_ACTION_LABELS).sort()).toEqual([...AUDIT_ACTIONS].sort());
    const labels = Object.values(AUDIT_ACTION_LABELS);
    expect(new Set(labels).size).toBe(labels.length);
    expect(actionLabel('invite_code.created')).toBe('Invite code created');
    expect(actionLabel('something.new')).toBe('something.new');
    expect(AUDIT_ACTION_FILTERS[0]).toEqual({ value: '', label: 'All actions' });
    expect(AUDIT_ACTION_FILTERS).toHaveLength(AUDIT_ACTIONS.length + 1);
  });

  it('builds the query from the filters, leaving the empty ones out', () => {
    expect(auditLogQuery(NO_FILTERS, 1, 20)).toEqual({ page: 1, page_size: 20 });
    const filters = { actor: ' Jane@Example.com ', action: 'vault.listed' as const, from: '2026-11-01', to: '' };
    expect(auditLogQuery(filters, 2, 20)).toEqual({
      actor: 'Jane@Example.com',
      action: 'vault.listed',
      from: '2026-11-01',
      page: 2,
      page_size: 20,
    });
    expect(auditLogQuery({ ...filters, to: '2026-11-30' })).toEqual({
      actor: 'Jane@Example.com',
      action: 'vault.listed',
      from: '2026-11-01',
      to: '2026-11-30',
    });
  });

  it('writes the query string with every value encoded', () => {
    expect(auditLogQueryString({ actor: 'a+b@example.com', action: 'queue.cleaned', page: 3, page_size: 20 })).toBe(
      'actor=a%2Bb%40example.com&action=queue.cleaned&page=3&page_size=20',
    );
    expect(auditLogQueryString({})).toBe('');
  });

  it('refuses a range that ends before it starts', () => {
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-11-02', to: '2026-11-01' })).toBe(
      'The “From” date must not be after the “To” date.',
    );
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-11-01', to: '2026-11-01' })).toBeNull();
    expect(filtersProblem({ ...NO_FILTERS, from: '2026-11-01' })).toBeNull();
  });

  it('names the actor: the e-mail at the time, or the system and how', () => {
    expect(actorLabel({ actor_email: 'jane@example.com', actor_id: 'u1', details: {} })).toBe('jane@example.com');
    expect(actorLabel({ actor_email: null, actor_id: null, details: { via: 'cli' } })).toBe(
      'System (admin command line)',
    );
    expect(actorLabel({ actor_email: null, actor_id: null, details: { via: 'ADMIN_EMAIL' } })).toBe(
      'System (ADMIN_EMAIL at start)',
    );
    expect(actorLabel({ actor_email: null, actor_id: null, details: {} })).toBe('System');
  });
});
