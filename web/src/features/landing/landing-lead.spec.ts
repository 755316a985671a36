import { buildLandingLead, LANDING_MESSAGES, readTracking, validateLandingForm } from './landing-lead';

describe('readTracking', () => {
  it('captures the UTM parameters and both click ids', () => {
    expect(
      readTracking(
        '?utm_source=google&utm_medium=cpc&utm_campaign=spring%20trial&utm_term=bookkeeping&utm_content=ad-b&gclid=Cj0K&fbclid=IwAR&other=x',
      ),
    ).toEqual({
      utm_source: 'google',
      utm_medium: 'cpc',
      utm_campaign: 'spring trial',
      utm_term: 'bookkeeping',
      utm_content: 'ad-b',
      gclid: 'Cj0K',
      fbclid: 'IwAR',
    });
  });

  it('leaves absent parameters empty and caps long ones', () => {
    const tracking = readTracking(`fbclid=${'a'.repeat(500)}`);
    expect(tracking.utm_source).toBe('');
    expect(tracking.gclid).toBe('');
    expect(tracking.fbclid).toHaveLength(200);
  });
});

describe('the landing form', () => {
  const values = { name: ' Ann Lee ', email: 'ann@acme.example', company: 'Acme', phone: '' };

  it('requires full name, business email and company; phone is optional', () => {
    expect(validateLandingForm(values)).toBeNull();
    expect(validateLandingForm({ ...values, name: '' })).toEqual({
      message: LANDING_MESSAGES.nameRequired,
      field: 'name',
    });
    expect(validateLandingForm({ ...values, email: '' })?.message).toBe(LANDING_MESSAGES.emailRequired);
    expect(validateLandingForm({ ...values, email: 'ann' })?.message).toBe(LANDING_MESSAGES.emailInvalid);
    expect(validateLandingForm({ ...values, company: ' ' })?.field).toBe('company');
  });

  it('builds the lead with the tracking, the source page and a timestamp', () => {
    const lead = buildLandingLead(
      values,
      readTracking('?utm_source=newsletter&gclid=abc'),
      new Date(Date.UTC(2026, 2, 3, 12)),
    );
    expect(lead).toEqual({
      name: 'Ann Lee',
      email: 'ann@acme.example',
      company: 'Acme',
      phone: '',
      utm_source: 'newsletter',
      utm_medium: '',
      utm_campaign: '',
      utm_term: '',
      utm_content: '',
      gclid: 'abc',
      fbclid: '',
      source_page: 'cta-landing',
      timestamp: '2026-03-03T12:00:00.000Z',
    });
  });
});
