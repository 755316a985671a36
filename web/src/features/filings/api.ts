import type { FilingFormReply } from '@portal/contracts';
import { apiClient } from '../../shared/api';

/** A filing form (spec part 2, section 3). */
export type FilingForm = FilingFormReply;

export function getForms(signal?: AbortSignal): Promise<FilingFormReply[]> {
  return apiClient.get<FilingFormReply[]>('/forms/', { signal });
}

export function getForm(id: string, signal?: AbortSignal): Promise<FilingFormReply> {
  return apiClient.get<FilingFormReply>(`/forms/${encodeURIComponent(id)}`, { signal });
}
