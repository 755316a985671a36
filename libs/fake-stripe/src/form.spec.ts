import { FormSyntaxError, parseForm } from './form';

describe('parseForm (Stripe bracket notation)', () => {
  it('unfolds nested hashes, indexed arrays and appended arrays', () => {
    const body = [
      'customer=cus_1',
      'metadata[user_id]=42',
      'items[0][price_data][unit_amount]=2000',
      'items[0][price_data][recurring][interval]=month',
      'items[1][price]=price_2',
      'expand[]=latest_invoice',
      'expand[]=customer',
    ].join('&');
    expect(parseForm(body)).toEqual({
      customer: 'cus_1',
      metadata: { user_id: '42' },
      items: [{ price_data: { unit_amount: '2000', recurring: { interval: 'month' } } }, { price: 'price_2' }],
      expand: ['latest_invoice', 'customer'],
    });
  });

  it('decodes percent-encoding and plus signs, brackets encoded or not', () => {
    expect(parseForm('name=Ada+Lovelace&metadata%5Bnote%5D=a%26b&email=')).toEqual({
      name: 'Ada Lovelace',
      metadata: { note: 'a&b' },
      email: '',
    });
  });

  it('orders indexed arrays by index', () => {
    expect(parseForm('a[1]=second&a[0]=first')).toEqual({ a: ['first', 'second'] });
  });

  it('refuses malformed names and encodings', () => {
    expect(() => parseForm('a[b=1')).toThrow(FormSyntaxError);
    expect(() => parseForm('a=%E0%A4%A')).toThrow(FormSyntaxError);
  });
});
