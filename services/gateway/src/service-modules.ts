import type { Type } from '@nestjs/common';
import type { ServiceName } from '@portal/config';
import type { ServiceDataDefinition } from '@portal/database';
// The gateway is the one place allowed to import every service: it hosts them in all-in-one mode.
/* eslint-disable no-restricted-imports */
import { BILLING_DATA } from '../../billing/src/billing.data';
import { BillingModule } from '../../billing/src/billing.module';
import { CATALOG_DATA } from '../../catalog/src/catalog.data';
import { CatalogModule } from '../../catalog/src/catalog.module';
import { DOCUMENTS_DATA } from '../../documents/src/documents.data';
import { DocumentsModule } from '../../documents/src/documents.module';
import { IDENTITY_DATA } from '../../identity/src/identity.data';
import { IdentityModule } from '../../identity/src/identity.module';
import { NOTIFICATIONS_DATA } from '../../notifications/src/notifications.data';
import { NotificationsModule } from '../../notifications/src/notifications.module';
import { ONBOARDING_DATA } from '../../onboarding/src/onboarding.data';
import { OnboardingModule } from '../../onboarding/src/onboarding.module';
/* eslint-enable no-restricted-imports */

export interface HostedService {
  name: ServiceName;
  module: Type<unknown>;
  data: ServiceDataDefinition;
}

export const SERVICE_MODULES: readonly HostedService[] = [
  { name: 'identity', module: IdentityModule, data: IDENTITY_DATA },
  { name: 'catalog', module: CatalogModule, data: CATALOG_DATA },
  { name: 'billing', module: BillingModule, data: BILLING_DATA },
  { name: 'onboarding', module: OnboardingModule, data: ONBOARDING_DATA },
  { name: 'documents', module: DocumentsModule, data: DOCUMENTS_DATA },
  { name: 'notifications', module: NotificationsModule, data: NOTIFICATIONS_DATA },
];
