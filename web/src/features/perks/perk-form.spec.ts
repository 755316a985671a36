import { MESSAGE_LIMITS, PERK_TYPES } from '@portal/contracts';
import {
  composePerkMessage,
  PERK_MESSAGES,
  PERK_TEXT_MAX_LENGTH,
  PERK_WEBSITE_MAX_LENGTH,
  perkPayload,
  validatePerk,
  type PerkValues,
} from './perk-form';

const values = (overrides: Partial<PerkValues> = {}): PerkValues => ({
  name: 'Ledgerly',
  email: 'partners@ledgerly.example',
  phone: '',
  website: 'https://ledgerly.example',
  offerDetails: '20% off the first year',
  companyDescription: 'Expense software for startups',
  perkType: 'Promo code',
  redemptionInstructions: 'Use code HARBOR20 at checkout',
  ...overrides,
});

describe('validatePerk', () => {
  it('accepts a complete offer; the phone is optional', () => {
    expect(validatePerk(values())).toBeNull();
    expect(validatePerk(values({ phone: '+1 919 555 0142' }))).toBeNull();
  });

  it('names the first problem, in the form order', () => {
    expect(validatePerk(values({ name: '' }))).toEqual({ message: PERK_MESSAGES.nameRequired, field: 'name' });
    expect(validatePerk(values({ email: 'x' }))?.field).toBe('email');
    expect(validatePerk(values({ website: '' }))?.message).toBe(PERK_MESSAGES.websiteRequired);
    expect(validatePerk(values({ website: 'ledgerly' }))?.message).toBe(PERK_MESSAGES.websiteInvalid);
    expect(validatePerk(values({ offerDetails: ' ' }))?.field).toBe('offerDetails');
    expect(validatePerk(values({ companyDescription: '' }))?.field).toBe('companyDescription');
    expect(validatePerk(values({ perkType: '' }))?.field).toBe('perkType');
    expect(validatePerk(values({ perkType: 'Cashback' }))?.field).toBe('perkType');
    expect(validatePerk(values({ redemptionInstructions: '' }))?.field).toBe('redemptionInstructions');
  });

  it('offers the three perk types of the spec', () => {
    expect(PERK_TYPES).toEqual(['Redemption URL', 'Promo code', 'Redemption email']);
  });
});

describe('the contact message it becomes', () => {
  it('composes a text body of every field, and sends it as a perk_provider message', () => {
    expect(composePerkMessage(values({ phone: '555 0142' }))).toBe(
      [
        'Company: Ledgerly',
        'Email: partners@ledgerly.example',
        'Phone: 555 0142',
        'Website: https://ledgerly.example',
        'Perk type: Promo code',
        '',
        'Offer details:\n20% off the first year',
        '',
        'Company description:\nExpense software for startups',
        '',
        'Redemption instructions:\nUse code HARBOR20 at checkout',
      ].join('\n'),
    );
    expect(perkPayload(values())).toEqual({
      name: 'Ledgerly',
      email: 'partners@ledgerly.example',
      subject: 'Perk provider submission: Ledgerly',
      message: composePerkMessage(values()),
      type: 'perk_provider',
      source: 'website_perks_page',
    });
  });

  it('keeps the subject within the server limit however long the company name, and the message within its own', () => {
    const name = 'N'.repeat(MESSAGE_LIMITS.name);
    const payload = perkPayload(values({ name }));
    expect(payload.name).toBe(name);
    expect(payload.subject).toBe(`Perk provider submission: ${name}`.slice(0, MESSAGE_LIMITS.subject));
    expect(payload.subject!.length).toBe(MESSAGE_LIMITS.subject);

    const longest = 'x'.repeat(PERK_TEXT_MAX_LENGTH);
    const message = composePerkMessage(
      values({
        name,
        email: `${'e'.repeat(242)}@example.com`,
        phone: '9'.repeat(40),
        website: `https://${'w'.repeat(PERK_WEBSITE_MAX_LENGTH - 16)}.example`,
        offerDetails: longest,
        companyDescription: longest,
        redemptionInstructions: longest,
      }),
    );
    expect(message.length).toBeLessThanOrEqual(MESSAGE_LIMITS.message);
  });
});
