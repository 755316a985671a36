import { apiClient } from '../../shared/api';

/** A filing form (spec part 2, section 3). */
export interface FilingForm {
  id: string | number;
  form_name: string;
  short_description: string;
  long_description: string;
  filing_frequency: string;
  estimated_fee: string | number;
  /** 'YYYY-MM-DD' */
  deadline_date: string | null;
  name: string;
}

export function getForms(signal?: AbortSignal): Promise<FilingForm[]> {
  return apiClient.get<FilingForm[]>('/forms/', { signal });
}

export function getForm(id: string | number, signal?: AbortSignal): Promise<FilingForm> {
  return apiClient.get<FilingForm>(`/forms/${encodeURIComponent(String(id))}`, { signal });
}
