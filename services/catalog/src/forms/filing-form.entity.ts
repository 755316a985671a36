import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, Unique, UpdateDateColumn } from 'typeorm';

/** A filing the firm prepares (the footer's filing links and the /filings grid). */
@Entity({ name: 'filing_forms' })
@Unique('filing_forms_slug_key', ['slug'])
@Unique('filing_forms_form_name_key', ['formName'])
@Check('filing_forms_estimated_fee_cents_check', 'estimated_fee_cents >= 0')
@Check('filing_forms_currency_check', "currency ~ '^[a-z]{3}$'")
@Check('filing_forms_deadline_kind_check', "deadline_kind IN ('due', 'order_by')")
export class FilingForm {
  @PrimaryGeneratedColumn('uuid', { primaryKeyConstraintName: 'filing_forms_pkey' })
  id: string;

  /** The spec's slug of form_name (parenthesised text removed); natural key of content migrations. */
  @Column({ type: 'text' })
  slug: string;

  @Column({ type: 'text' })
  formName: string;

  /** The official title of the form at the agency that receives it. */
  @Column({ type: 'text' })
  name: string;

  @Column({ type: 'text' })
  shortDescription: string;

  @Column({ type: 'text' })
  longDescription: string;

  @Column({ type: 'text' })
  filingFrequency: string;

  /** For people: '$150'. */
  @Column({ type: 'text' })
  estimatedFee: string;

  @Column({ type: 'integer', nullable: true })
  estimatedFeeCents: number | null;

  @Column({ type: 'text', default: 'usd' })
  currency: string;

  /** A calendar date (YYYY-MM-DD), no time zone. */
  @Column({ type: 'date', nullable: true })
  deadlineDate: string | null;

  /**
   * What deadlineDate is: `due`, the date the law sets (deadline reminders go out for it), or
   * `order_by`, the last day we can deliver an on-demand filing before year-end.
   */
  @Column({ type: 'text', default: 'due' })
  deadlineKind: 'due' | 'order_by';

  @Column({ type: 'integer' })
  position: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
