import { FOOTER_FILING_NAMES, filingPath, filingPurchasePath, filingSlug, formPath } from './slug';

describe('filingSlug', () => {
  it('gives every footer filing its slug', () => {
    expect(FOOTER_FILING_NAMES.map((name) => [name, filingSlug(name)])).toEqual([
      ['Assumed Business Name Certificate', 'assumed-business-name-certificate'],
      ['Certified Copies', 'certified-copies'],
      ['Certificate of Good Standing', 'certificate-of-good-standing'],
      ['Articles of Dissolution', 'articles-of-dissolution'],
      ['Annual Report', 'annual-report'],
      ['Trade Name Certificate', 'trade-name-certificate'],
      ['Amendment of Articles', 'amendment-of-articles'],
      ['Change of Registered Agent', 'change-of-registered-agent'],
      ['Application for Reinstatement', 'application-for-reinstatement'],
      ['Articles of Organization', 'articles-of-organization'],
      ['Resignation of Agent', 'resignation-of-agent'],
      ['IRS Form 7004', 'irs-form-7004'],
      ['IRS Form 5471', 'irs-form-5471'],
      ['IRS Form 5472', 'irs-form-5472'],
      ['IRS Form 1120', 'irs-form-1120'],
      ['IRS Form 1099 Series', 'irs-form-1099-series'],
      ['FinCEN Form 114 (FBAR)', 'fincen-form-114'],
      ['409A Valuation', '409a-valuation'],
      ['FinCEN BOI Report', 'fincen-boi-report'],
    ]);
  });

  it('lists 19 distinct filings', () => {
    expect(new Set(FOOTER_FILING_NAMES.map(filingSlug)).size).toBe(19);
  });

  it('removes parenthesised text anywhere and turns spaces, commas and dots into single hyphens', () => {
    expect(filingSlug('Form 1065 (U.S. Return of Partnership Income)')).toBe('form-1065');
    expect(filingSlug('Amendment (Name), Articles. Restated')).toBe('amendment-articles-restated');
    expect(filingSlug('W-2 / W-3   Filing')).toBe('w-2-/-w-3-filing');
    expect(filingSlug('  Non-Profit  Annual Report ')).toBe('non-profit-annual-report');
  });

  it('is idempotent, so a slug from the address bar finds its form', () => {
    for (const name of FOOTER_FILING_NAMES) expect(filingSlug(filingSlug(name))).toBe(filingSlug(name));
    expect(filingSlug('fincen-form-114-')).toBe('fincen-form-114');
    expect(filingSlug('Annual-Report')).toBe('annual-report');
  });
});

describe('filing paths', () => {
  it('puts the slug under /forms and /filings', () => {
    expect(formPath('FinCEN Form 114 (FBAR)')).toBe('/forms/fincen-form-114');
    expect(filingPath('Certificate of Good Standing')).toBe('/filings/certificate-of-good-standing');
  });
});

describe('filingPurchasePath', () => {
  it('carries the form id', () => {
    expect(filingPurchasePath(12)).toBe('/filing-purchase?filing=12');
    expect(filingPurchasePath('7f0c0c8e-1b2a-4c3d-9e8f-001122334455')).toBe(
      '/filing-purchase?filing=7f0c0c8e-1b2a-4c3d-9e8f-001122334455',
    );
  });
});
