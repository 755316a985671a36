import { addDays, dayIn, daysBetween, dueRanges, isIsoDate } from './due-dates';

describe('calendar days', () => {
  it('recognises real dates only', () => {
    expect(isIsoDate('2026-12-15')).toBe(true);
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2027-02-29')).toBe(false);
    expect(isIsoDate('2026-13-01')).toBe(false);
    expect(isIsoDate('2026-12-5')).toBe(false);
    expect(isIsoDate('2026-12-15T00:00:00Z')).toBe(false);
    expect(isIsoDate(20261215)).toBe(false);
  });

  it('adds and counts days across months, years and leap days', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(addDays('2026-11-23', 30)).toBe('2026-12-23');
    expect(daysBetween('2026-12-08', '2026-12-15')).toBe(7);
    expect(daysBetween('2026-12-15', '2026-12-08')).toBe(-7);
    expect(dayIn('UTC', new Date('2026-11-23T23:59:59-05:00'))).toBe('2026-11-24');
    expect(dayIn('America/New_York', new Date('2026-11-23T23:59:59-05:00'))).toBe('2026-11-23');
    expect(dayIn('America/Los_Angeles', new Date('2027-01-01T07:59:59Z'))).toBe('2026-12-31');
  });
});

describe('dueRanges', () => {
  it('covers the day itself and the two days before for each offset', () => {
    expect(dueRanges('2026-12-08', [30, 7])).toEqual([
      { daysBefore: 30, from: '2027-01-05', to: '2027-01-07' },
      { daysBefore: 7, from: '2026-12-13', to: '2026-12-15' },
    ]);
  });

  it('never reaches a deadline already past', () => {
    // 1 day before: due today for tomorrow's deadline; the catch-up for today's deadline (due
    // yesterday) still helps; the one for yesterday's deadline would be for a past deadline.
    expect(dueRanges('2026-12-08', [1])).toEqual([{ daysBefore: 1, from: '2026-12-08', to: '2026-12-09' }]);
    expect(dueRanges('2026-12-08', [2])).toEqual([{ daysBefore: 2, from: '2026-12-08', to: '2026-12-10' }]);
  });

  it('puts a deadline in the range of one offset only, the nearest, when catch-up windows overlap', () => {
    // 3 and 1 days before: after two days without a run, tomorrow's deadline is both the 3-day
    // reminder caught up and the 1-day reminder due today; one mail says it, not two.
    expect(dueRanges('2026-12-08', [3, 1])).toEqual([
      { daysBefore: 3, from: '2026-12-10', to: '2026-12-11' },
      { daysBefore: 1, from: '2026-12-08', to: '2026-12-09' },
    ]);
    // Adjacent offsets leave the farther one its own day only; one inside another's window, nothing.
    expect(dueRanges('2026-12-08', [3, 2, 1])).toEqual([
      { daysBefore: 3, from: '2026-12-11', to: '2026-12-11' },
      { daysBefore: 2, from: '2026-12-10', to: '2026-12-10' },
      { daysBefore: 1, from: '2026-12-08', to: '2026-12-09' },
    ]);
    for (const offsets of [
      [3, 1],
      [2, 1],
      [14, 13, 7, 1],
      [30, 7, 1],
    ]) {
      for (let ahead = 0; ahead <= 40; ahead += 1) {
        const deadline = addDays('2026-12-08', ahead);
        const covering = dueRanges('2026-12-08', offsets).filter(
          (range) => range.from <= deadline && deadline <= range.to,
        );
        expect(covering.length).toBeLessThanOrEqual(1);
      }
    }
  });

  it('a deadline falls in one range per offset, on three consecutive runs', () => {
    const deadline = '2027-01-15';
    const runs = ['2026-12-15', '2026-12-16', '2026-12-17', '2026-12-18'];
    const covering = runs.filter((day) =>
      dueRanges(day, [31]).some((range) => range.from <= deadline && deadline <= range.to),
    );
    expect(covering).toEqual(['2026-12-15', '2026-12-16', '2026-12-17']);
  });
});
