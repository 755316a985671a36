/** The sign-up's captcha (spec part 2, sections 5 and 9): the sum of two random whole numbers from 1 to 10. */

export const CAPTCHA_MIN = 1;
export const CAPTCHA_MAX = 10;

export interface Captcha {
  a: number;
  b: number;
}

/** A new pair; `random` is Math.random unless a test gives its own. */
export function newCaptcha(random: () => number = Math.random): Captcha {
  const pick = () => CAPTCHA_MIN + Math.floor(random() * (CAPTCHA_MAX - CAPTCHA_MIN + 1));
  return { a: pick(), b: pick() };
}

export function captchaQuestion(captcha: Captcha): string {
  return `What is ${captcha.a} + ${captcha.b}?`;
}

/** The answer as typed (spaces around it are fine) is the sum, written as a whole number. */
export function isSolved(captcha: Captcha, answer: string): boolean {
  const text = answer.trim();
  return /^\d{1,3}$/.test(text) && Number(text) === captcha.a + captcha.b;
}
