import { routeFor } from './route-table';

describe('routeFor', () => {
  it.each([
    ['/api/auth/login', 'identity'],
    ['/api/auth/verify-email/request/', 'identity'],
    ['/api/profiles/me', 'identity'],
    ['/api/profiles/me/', 'identity'],
    ['/api/audit-log?page=2', 'identity'],
    ['/api/audit-log.csv?action=vault.listed', 'identity'],
    ['/api/auth/security-events', 'identity'],
    ['/api/profiles/purchase-history', 'billing'],
    ['/api/menu/', 'catalog'],
    ['/api/services/by-category/tax', 'catalog'],
    ['/api/subscriptions/packages/3/', 'catalog'],
    ['/api/subscriptions/user', 'billing'],
    ['/api/subscriptions/7/invoices/', 'billing'],
    ['/api/forms/12', 'catalog'],
    ['/api/payments/service-payment', 'billing'],
    ['/api/webhooks/stripe', 'billing'],
    ['/api/invite-codes/ABC/submit-onboarding', 'onboarding'],
    ['/api/vault/files', 'documents'],
    ['/api/files/public/a/b.pdf', 'documents'],
    ['/api/messages/', 'notifications'],
    ['/api/newsletter/subscribe/?x=1', 'notifications'],
    ['/api/deadline-alerts/subscribe/', 'notifications'],
    ['/api/inbox/messages/6f1c/resume', 'notifications'],
    ['/api/notifications/ses-feedback', 'notifications'],
    ['/api/health/catalog', 'catalog'],
  ])('%s belongs to %s', (path, service) => {
    expect(routeFor(path)?.service).toBe(service);
  });

  it('respects segment boundaries and leaves gateway paths alone', () => {
    expect(routeFor('/api/authors')).toBeUndefined();
    expect(routeFor('/api/health')).toBeUndefined();
    expect(routeFor('/api/ready')).toBeUndefined();
    expect(routeFor('/api/docs')).toBeUndefined();
    // Every process answers its own metrics; the gateway never forwards them.
    expect(routeFor('/api/metrics')).toBeUndefined();
    expect(routeFor('/api/admin/queue-dashboard/session')).toBeUndefined();
    expect(routeFor('/queues/api/queues')).toBeUndefined();
  });
});
