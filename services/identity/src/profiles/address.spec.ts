import { validateBody } from '@portal/testing';
import { AddressDto, toAddress, toAddressInput } from './address';
import { UpdateProfileDto } from './dto/profile.dto';

const address = { line1: '1 Main St', city: 'Springfield', state: 'IL', postal_code: '62701', country: 'CA' };
const SHAPE =
  'Address must be an object (or a JSON string of one) with line1, line2, city, state, postal_code and country';

describe('address input', () => {
  it('accepts an object', async () => {
    const { value, errors } = await validateBody(UpdateProfileDto, { address });
    expect(errors).toEqual([]);
    expect(value!.address).toBeInstanceOf(AddressDto);
    expect(toAddress(value!.address!)).toEqual({ ...address, line2: null });
  });

  it('accepts the same object as a JSON string', async () => {
    const { value, errors } = await validateBody(UpdateProfileDto, {
      address: JSON.stringify({ ...address, line2: 'Suite 5' }),
    });
    expect(errors).toEqual([]);
    expect(toAddress(value!.address!)).toEqual({ ...address, line2: 'Suite 5' });
  });

  it('defaults the country to US and upper-cases it', async () => {
    const { country: _country, ...withoutCountry } = address;
    const { value } = await validateBody(UpdateProfileDto, { address: withoutCountry });
    expect(value!.address!.country).toBe('US');
    const lower = await validateBody(UpdateProfileDto, { address: { ...address, country: 'gb' } });
    expect(lower.value!.address!.country).toBe('GB');
  });

  it('clears the address with null or an empty string', async () => {
    expect((await validateBody(UpdateProfileDto, { address: null })).value!.address).toBeNull();
    expect((await validateBody(UpdateProfileDto, { address: '' })).value!.address).toBeNull();
    expect(toAddressInput('null')).toBeNull();
  });

  it('refuses a country outside US, CA, GB, AU', async () => {
    expect((await validateBody(UpdateProfileDto, { address: { ...address, country: 'FR' } })).errors).toEqual([
      'Country must be one of US, CA, GB, AU',
    ]);
  });

  it("refuses missing parts with the spec's messages", async () => {
    const { errors } = await validateBody(UpdateProfileDto, { address: JSON.stringify({ line1: ' ', country: 'US' }) });
    expect(errors).toEqual([
      'Please enter your street address',
      'Please enter your city',
      'Please enter your state/province',
      'Please enter your ZIP/postal code',
    ]);
  });

  it.each([['not json'], ['[1,2]'], [42], [[address]], ['"a string"']])(
    'refuses %p with one message',
    async (input) => {
      expect((await validateBody(UpdateProfileDto, { address: input })).errors).toEqual([SHAPE]);
    },
  );

  it('refuses unknown fields inside the address', async () => {
    expect((await validateBody(UpdateProfileDto, { address: { ...address, lat: 1 } })).errors).toEqual([
      'property lat should not exist',
    ]);
  });
});

describe('UpdateProfileDto', () => {
  it('is partial: every field may be left out', async () => {
    expect((await validateBody(UpdateProfileDto, {})).errors).toEqual([]);
    expect((await validateBody(UpdateProfileDto, { phone: '+1 555 0100' })).errors).toEqual([]);
  });

  it('refuses blank or null names but turns blank optional fields into null', async () => {
    expect((await validateBody(UpdateProfileDto, { first_name: ' ', last_name: null })).errors).toEqual([
      'First name is required',
      'Last name is required',
    ]);
    const { value } = await validateBody(UpdateProfileDto, { phone: ' ', company: '', job_title: null });
    expect(value).toMatchObject({ phone: null, company: null, job_title: null });
  });

  it('never accepts role, user_type or is_verified', async () => {
    expect((await validateBody(UpdateProfileDto, { role: 'admin', user_type: 99, is_verified: true })).errors).toEqual([
      'property role should not exist',
      'property user_type should not exist',
      'property is_verified should not exist',
    ]);
  });
});
