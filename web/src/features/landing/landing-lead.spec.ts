import { LANDING_MESSAGES, landingMessage, readTracking, validateLandingForm } from './landing-lead';

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

  it('checks a phone, when one is given, by the server rule', () => {
    expect(validateLandingForm({ ...values, phone: '+1 (919) 555-0142' })).toBeNull();
    expect(validateLandingForm({ ...values, phone: '555' })).toEqual({
      message: 'Please enter a valid phone number',
      field: 'phone',
    });
  });

  it('sends the lead as a call request with the company and the campaign, from cta-landing', () => {
    expect(landingMessage(values, readTracking('?utm_source=newsletter&gclid=abc'))).toEqual({
      name: 'Ann Lee',
      email: 'ann@acme.example',
      type: 'book_call',
      source: 'cta-landing',
      message:
        'Please contact me about a free 15-minute consultation.\nCompany: Acme\n\nCampaign:\nutm_source: newsletter\ngclid: abc',
    });
    expect(landingMessage({ ...values, phone: ' 919 555 0142 ' }, readTracking(''))).toEqual({
      name: 'Ann Lee',
      email: 'ann@acme.example',
      phone: '919 555 0142',
      type: 'book_call',
      source: 'cta-landing',
      message: 'Please contact me about a free 15-minute consultation.\nCompany: Acme',
    });
  });
});
