import { serviceData } from '@portal/events';
import { FilingForm } from './forms/filing-form.entity';
import { MenuItem } from './menu/menu-item.entity';
import { CreateCatalog1795316600000 } from './migrations/1795316600000-CreateCatalog';
import { CreateBillingPriceList1795321000000 } from './migrations/1795321000000-CreateBillingPriceList';
import { SeedMenuAndPages1795316700000 } from './migrations/1795316700000-SeedMenuAndPages';
import { SeedServices1795316800000 } from './migrations/1795316800000-SeedServices';
import { SeedFilingForms1795316900000 } from './migrations/1795316900000-SeedFilingForms';
import { CreateFilingDeadlinesReadOnlyView1795420000000 } from './migrations/1795420000000-CreateFilingDeadlinesReadOnlyView';
import { NotifyCatalogChanges1795442800000 } from './migrations/1795442800000-NotifyCatalogChanges';
import { PackagePlusPriceIsQuoted1795600000000 } from './migrations/1795600000000-PackagePlusPriceIsQuoted';
import { FilingDeadlineKinds1796700000000 } from './migrations/1796700000000-FilingDeadlineKinds';
import { Page } from './pages/page.entity';
import { ServiceCategory } from './services/service-category.entity';
import { Service } from './services/service.entity';

/** The catalog schema: its entities and migrations, in order. */
export const CATALOG_DATA = serviceData('catalog', {
  entities: [MenuItem, Page, ServiceCategory, Service, FilingForm],
  migrations: [
    CreateCatalog1795316600000,
    SeedMenuAndPages1795316700000,
    SeedServices1795316800000,
    SeedFilingForms1795316900000,
    CreateBillingPriceList1795321000000,
    CreateFilingDeadlinesReadOnlyView1795420000000,
    NotifyCatalogChanges1795442800000,
    PackagePlusPriceIsQuoted1795600000000,
    FilingDeadlineKinds1796700000000,
  ],
});
