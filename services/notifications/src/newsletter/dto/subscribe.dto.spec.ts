import { validateBody } from '@portal/testing';
import { SubscribeDto } from './subscribe.dto';

describe('SubscribeDto', () => {
  it('accepts the footer form, trimming the e-mail', async () => {
    const { value, errors } = await validateBody(SubscribeDto, {
      email: ' Jane@Example.com ',
      source: 'website_footer',
    });
    expect(errors).toEqual([]);
    expect(value).toMatchObject({ email: 'Jane@Example.com', source: 'website_footer' });
  });

  it('takes a missing or blank source as none', async () => {
    expect((await validateBody(SubscribeDto, { email: 'a@b.co' })).value?.source).toBeUndefined();
    expect((await validateBody(SubscribeDto, { email: 'a@b.co', source: ' ' })).value?.source).toBeUndefined();
  });

  it('says what is wrong with the e-mail', async () => {
    expect((await validateBody(SubscribeDto, {})).errors).toEqual(['Please enter your email address']);
    expect((await validateBody(SubscribeDto, { email: '  ' })).errors).toEqual(['Please enter your email address']);
    for (const email of ['jane', 'jane@example', 'jane@@example.com', `${'a'.repeat(250)}@example.com`, 42]) {
      expect((await validateBody(SubscribeDto, { email })).errors).toEqual(['Please enter a valid email address']);
    }
  });

  it('refuses a quoted local part, which a mail header reads as more than one address', async () => {
    // Valid by RFC 5321, but nodemailer writes `"victim@evil.test,x"@example.com` as
    // `To: victim@evil.test,x@example.com`: the welcome mail (or a staff reply) would go to a third party.
    for (const email of ['"victim@evil.test,x"@example.com', '"<victim@evil.test>"@example.com', '"a b"@example.com']) {
      expect((await validateBody(SubscribeDto, { email })).errors).toEqual(['Please enter a valid email address']);
    }
  });

  it('keeps the source short and refuses unknown fields', async () => {
    expect((await validateBody(SubscribeDto, { email: 'a@b.co', source: 'x'.repeat(101) })).errors).toEqual([
      'Source must be at most 100 characters long',
    ]);
    expect((await validateBody(SubscribeDto, { email: 'a@b.co', source: 7 })).errors).toEqual(['Source must be text']);
    expect((await validateBody(SubscribeDto, { email: 'a@b.co', admin: true })).errors).toEqual([
      'property admin should not exist',
    ]);
  });
});
