import { captchaQuestion, isSolved, newCaptcha } from './captcha';

describe('captcha', () => {
  it('picks two whole numbers from 1 to 10, both ends included', () => {
    expect(newCaptcha(() => 0)).toEqual({ a: 1, b: 1 });
    expect(newCaptcha(() => 0.999999)).toEqual({ a: 10, b: 10 });
    const values = [0.05, 0.55];
    expect(newCaptcha(() => values.shift()!)).toEqual({ a: 1, b: 6 });
    for (let i = 0; i < 500; i += 1) {
      const { a, b } = newCaptcha();
      for (const n of [a, b]) expect(Number.isInteger(n) && n >= 1 && n <= 10).toBe(true);
    }
  });

  it('asks for the sum and takes only the right whole number', () => {
    const captcha = { a: 3, b: 9 };
    expect(captchaQuestion(captcha)).toBe('What is 3 + 9?');
    expect(isSolved(captcha, '12')).toBe(true);
    expect(isSolved(captcha, ' 12 ')).toBe(true);
    expect(isSolved(captcha, '11')).toBe(false);
    expect(isSolved(captcha, '12.0')).toBe(false);
    expect(isSolved(captcha, '')).toBe(false);
    expect(isSolved(captcha, 'twelve')).toBe(false);
  });
});
