import { Injectable, NotFoundException } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { FilingFormReply } from '@portal/contracts';
import { Repository } from 'typeorm';
import { parseId } from '../common/ids';
import { NOT_FOUND } from '../common/messages';
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

@Injectable()
export class FormsService {
  constructor(@InjectRepository(FilingForm, 'catalog') private readonly forms: Repository<FilingForm>) {}

  async list(): Promise<FilingFormReply[]> {
    return (await this.forms.find({ order: { position: 'ASC' } })).map(toFilingFormResponse);
  }

  async get(rawId: string): Promise<FilingFormReply> {
    const id = parseId(rawId);
    const form = id ? await this.forms.findOneBy({ id }) : null;
    if (!form) throw new NotFoundException({ detail: NOT_FOUND.form });
    return toFilingFormResponse(form);
  }
}
