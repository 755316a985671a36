import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PurchaseHistoryKind, PurchaseReply } from '@portal/contracts';
import { DataSource } from 'typeorm';
import { iso, toDollars } from '../common/money';

/** The most a history answers: years of monthly payments and purchases. */
const MAX_PURCHASES = 500;

interface Row {
  id: string;
  kind: PurchaseHistoryKind;
  status: string;
  amount_cents: number;
  currency: string;
  paid_at: Date;
  period_start: Date | null;
  period_end: Date | null;
  name: string;
  invoice_number: string | null;
  card_brand: string | null;
  card_last4: string | null;
  refunded_cents: number | null;
  refunded_at: Date | null;
}

@Injectable()
export class PurchaseHistoryService {
  constructor(@InjectDataSource('billing') private readonly dataSource: DataSource) {}

  /**
   * One-time purchases paid and subscription invoices paid (free trial invoices aside), newest first. A
   * refunded purchase stays in the list, with what was refunded and when.
   */
  async list(userId: string): Promise<PurchaseReply[]> {
    const rows = (await this.dataSource.query(
      `SELECT * FROM (
         SELECT o.id, o.kind, o.status, o.amount_cents, o.currency, o.paid_at,
                NULL::timestamptz AS period_start, NULL::timestamptz AS period_end,
                o.item_name AS name, NULL::text AS invoice_number, o.card_brand, o.card_last4,
                o.refunded_cents, o.refunded_at
           FROM orders o
          WHERE o.user_id = $1 AND o.status = 'succeeded'
         UNION ALL
         SELECT i.id, 'subscription', i.status, i.amount_paid, i.currency, COALESCE(i.paid_at, i.stripe_created_at),
                i.period_start, i.period_end, s.package_name, i.number, i.card_brand, i.card_last4,
                i.refunded_cents, i.refunded_at
           FROM invoices i JOIN subscriptions s ON s.id = i.subscription_id
          WHERE i.user_id = $1 AND i.status = 'paid' AND i.amount_paid > 0
       ) purchases
       ORDER BY paid_at DESC, id DESC
       LIMIT ${MAX_PURCHASES}`,
      [userId],
    )) as Row[];
    return rows.map(toPurchaseReply);
  }
}

function toPurchaseReply(row: Row): PurchaseReply {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    amount: toDollars(row.amount_cents),
    currency: row.currency,
    created_at: row.paid_at.toISOString(),
    billing_period_start: row.period_start?.toISOString() ?? null,
    billing_period_end: row.period_end?.toISOString() ?? null,
    package: row.kind === 'subscription' ? { name: row.name } : null,
    service: row.kind === 'service' ? { name: row.name } : null,
    form: row.kind === 'form' ? { form_name: row.name } : null,
    invoice_number: row.invoice_number,
    payment_method:
      row.card_brand && row.card_last4 ? { details: { brand: row.card_brand, last4: row.card_last4 } } : null,
    amount_refunded: row.refunded_cents === null ? null : toDollars(row.refunded_cents),
    refunded_at: iso(row.refunded_at),
  };
}
