import { trialDaysOf, trialMonthsOf } from './catalog';

describe('trial rules shared by the site and billing', () => {
  it.each([
    ['3', 3],
    [' 3 ', 3],
    ['12', 12],
    [3, 3],
    ['0', 0],
    ['N/A', 0],
    ['', 0],
    [undefined, 0],
    [null, 0],
    ['3 months', 0],
    ['1.5', 0],
    ['-1', 0],
    ['100', 0],
  ])('the Trial attribute %j gives %d months', (trial, months) => {
    expect(trialMonthsOf(trial)).toBe(months);
  });

  it.each([
    [1, 30],
    [30, 30],
    [14, 14],
    [90, 90],
    [0, 0],
    [-5, 0],
    [2.5, 0],
    [undefined, 0],
    [null, 0],
  ])('a requested trial of %p means %p days', (value, days) => {
    expect(trialDaysOf(value)).toBe(days);
  });
});
