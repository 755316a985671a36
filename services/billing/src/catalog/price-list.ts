import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isUuid } from '../common/ids';

export type PriceListKind = 'package' | 'service' | 'form';

/** One thing the firm sells, at the catalog's price. */
export interface PriceListItem {
  kind: PriceListKind;
  id: string;
  /** A service's title, a filing's form name. */
  name: string;
  /** Per purchase, or per month for a package; null when quoted. */
  amountCents: number | null;
  currency: string;
  /** Packages: months of trial (the Trial attribute), 0 without one. */
  trialMonths: number;
  /** False for a quote or a range: it cannot be bought by card. */
  isFixedPrice: boolean;
}

interface Row {
  kind: PriceListKind;
  id: string;
  name: string;
  amount_cents: number | null;
  currency: string;
  trial_months: number;
  is_fixed_price: boolean;
}

/**
 * Prices as the catalog holds them, read through its read-only view `catalog.billing_price_list` (billing
 * never imports the catalog service and never trusts an amount a client sends).
 */
@Injectable()
export class PriceList {
  constructor(@InjectDataSource('billing') private readonly dataSource: DataSource) {}

  /** The item of that id among `kinds` (a service id may turn out to be a package), or null. */
  async find(id: string, kinds: readonly PriceListKind[]): Promise<PriceListItem | null> {
    if (!isUuid(id)) return null;
    const rows = (await this.dataSource.query(
      `SELECT kind, id, name, amount_cents, currency, trial_months, is_fixed_price
         FROM catalog.billing_price_list WHERE id = $1 AND kind = ANY($2::text[])`,
      [id, kinds],
    )) as Row[];
    const row = rows[0];
    if (!row) return null;
    return {
      kind: row.kind,
      id: row.id,
      name: row.name,
      amountCents: row.amount_cents,
      currency: row.currency,
      trialMonths: row.trial_months,
      isFixedPrice: row.is_fixed_price,
    };
  }
}
