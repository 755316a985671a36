import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FilingFormReply } from '@portal/contracts';
import { Repository } from 'typeorm';
import { FilingForm } from './filing-form.entity';

export function toFilingFormResponse(form: FilingForm): FilingFormReply {
  return {
    id: form.id,
    slug: form.slug,
    form_name: form.formName,
    name: form.name,
    short_description: form.shortDescription,
    long_description: form.longDescription,
    filing_frequency: form.filingFrequency,
    estimated_fee: form.estimatedFee,
    estimated_fee_cents: form.estimatedFeeCents,
    currency: form.currency,
    deadline_date: form.deadlineDate,
  };
}

/** Reads the filing forms for the in-memory catalog (see CatalogStore). */
@Injectable()
export class FormsService {
  constructor(@InjectRepository(FilingForm, 'catalog') private readonly forms: Repository<FilingForm>) {}

  /** In the footer order. */
  async list(): Promise<FilingFormReply[]> {
    return (await this.forms.find({ order: { position: 'ASC' } })).map(toFilingFormResponse);
  }
}
