import { findFormBySlug } from './find-form';

const forms = [
  { id: 1, form_name: 'Annual Report', name: 'annual_report' },
  { id: 2, form_name: 'FinCEN Form 114 (FBAR)', name: 'FBAR' },
  { id: 3, form_name: 'IRS Form 7004', name: 'Form 7004' },
];

describe('findFormBySlug', () => {
  it('finds a form by the slug of its name', () => {
    expect(findFormBySlug(forms, 'annual-report')?.id).toBe(1);
    expect(findFormBySlug(forms, 'fincen-form-114')?.id).toBe(2);
  });

  it('tolerates old or hand-typed variants of the slug', () => {
    expect(findFormBySlug(forms, 'fincen-form-114-')?.id).toBe(2);
    expect(findFormBySlug(forms, 'Annual-Report')?.id).toBe(1);
    expect(findFormBySlug(forms, 'annual%20report')?.id).toBe(1);
  });

  it('falls back to the short name', () => {
    expect(findFormBySlug(forms, 'form-7004')?.id).toBe(3);
    expect(findFormBySlug(forms, 'fbar')?.id).toBe(2);
  });

  it('finds nothing for an unknown or empty slug', () => {
    expect(findFormBySlug(forms, 'no-such-form')).toBeUndefined();
    expect(findFormBySlug(forms, '---')).toBeUndefined();
    expect(findFormBySlug(forms, '%E0%A4%A')).toBeUndefined();
  });
});
