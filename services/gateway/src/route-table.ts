import type { ServiceName } from '@portal/config';
import { SERVICE_NAMES } from '@portal/config';

export interface Route {
  /** Path prefix under which every request belongs to the service (with or without more segments). */
  prefix: string;
  service: ServiceName;
  /** Only routed outside production (development tools). */
  developmentOnly?: boolean;
}

/** ARCHITECTURE.md's route table: which service owns which /api prefix. */
export const ROUTE_TABLE: readonly Route[] = [
  { prefix: '/api/auth', service: 'identity' },
  { prefix: '/api/profiles/me', service: 'identity' },
  // The CSV export is a path of its own: '/api/audit-log' covers only itself and what is under it.
  { prefix: '/api/audit-log', service: 'identity' },
  { prefix: '/api/audit-log.csv', service: 'identity' },
  { prefix: '/api/menu', service: 'catalog' },
  { prefix: '/api/pages', service: 'catalog' },
  { prefix: '/api/services', service: 'catalog' },
  { prefix: '/api/subscriptions/packages', service: 'catalog' },
  { prefix: '/api/forms', service: 'catalog' },
  { prefix: '/api/payments', service: 'billing' },
  { prefix: '/api/subscriptions', service: 'billing' },
  { prefix: '/api/profiles/purchase-history', service: 'billing' },
  { prefix: '/api/webhooks/stripe', service: 'billing' },
  { prefix: '/api/invite-codes', service: 'onboarding' },
  { prefix: '/api/vault', service: 'documents' },
  { prefix: '/api/files', service: 'documents' },
  { prefix: '/api/messages', service: 'notifications' },
  { prefix: '/api/newsletter', service: 'notifications' },
  { prefix: '/api/deadline-alerts', service: 'notifications' },
  { prefix: '/api/inbox', service: 'notifications' },
  { prefix: '/api/notifications/ses-feedback', service: 'notifications' },
  { prefix: '/dev/mail', service: 'notifications', developmentOnly: true },
  ...SERVICE_NAMES.map((service) => ({ prefix: `/api/health/${service}`, service })),
];

/** The owner of a path by longest matching prefix (segment boundaries respected). */
export function routeFor(path: string): Route | undefined {
  const pathname = path.split('?')[0];
  return [...ROUTE_TABLE]
    .sort((a, b) => b.prefix.length - a.prefix.length)
    .find(({ prefix }) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}
