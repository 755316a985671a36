import { isCronPattern, parseAlertDays } from './schedules';

describe('isCronPattern', () => {
  it.each(['0 13 * * *', '*/15 * * * *', '0 9 1-7 * MON', '30 4 * JAN-MAR 1,3,5', '0 0 29 2 *', '5 4 * * 7'])(
    'accepts %s',
    (pattern) => {
      expect(isCronPattern(pattern)).toBe(true);
    },
  );

  it.each([
    ['', 'empty'],
    ['0 13 * *', 'four fields'],
    ['0 0 13 * * *', 'six fields (seconds are not offered)'],
    ['60 * * * *', 'minute out of range'],
    ['0 24 * * *', 'hour out of range'],
    ['0 0 0 * *', 'day of month 0'],
    ['0 0 * 13 *', 'month 13'],
    ['0 0 * * 8', 'weekday 8'],
    ['0 0 * * FUNDAY', 'unknown name'],
    ['*/0 * * * *', 'step 0'],
    ['5-1 * * * *', 'reversed range'],
    ['1,,2 * * * *', 'empty list item'],
    ['@daily', 'macros'],
    ['0 13 * * * ; rm -rf /', 'anything else'],
  ])('refuses %j (%s)', (pattern) => {
    expect(isCronPattern(pattern)).toBe(false);
  });
});

describe('parseAlertDays', () => {
  it('reads a list of days, largest first, with spaces allowed', () => {
    expect(parseAlertDays('30,7,1')).toEqual([30, 7, 1]);
    expect(parseAlertDays('1, 14 ,60')).toEqual([60, 14, 1]);
    expect(parseAlertDays('365')).toEqual([365]);
  });

  it.each(['', '30,,1', '0,7', '366', '7,7', '-1', '1.5', 'thirty', '30;7'])('refuses %j', (text) => {
    expect(parseAlertDays(text)).toBeUndefined();
  });
});
