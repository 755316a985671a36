import { addDays, catchUpDays, dayIn, daysBetween, dueRanges, isIsoDate } from './due-dates';

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

describe('catching up since the last run', () => {
  it('reaches back to the day after the last successful run, and never less than two days', () => {
    expect(catchUpDays(undefined, '2026-12-08')).toBe(2);
    expect(catchUpDays('2026-12-07', '2026-12-08')).toBe(2);
    expect(catchUpDays('2026-12-08', '2026-12-08')).toBe(2);
    expect(catchUpDays('2026-12-09', '2026-12-08')).toBe(2);
    expect(catchUpDays('2026-12-04', '2026-12-08')).toBe(3);
    expect(catchUpDays('2026-12-01', '2026-12-08')).toBe(6);
    // A week after the last run: the 7-day reminders that fell due since (deadlines up to the 15th)
    // go out, those of deadlines a nearer offset covers excepted.
    expect(dueRanges('2026-12-08', [30, 7, 1], catchUpDays('2026-12-01', '2026-12-08'))).toEqual([
      { daysBefore: 30, from: '2027-01-01', to: '2027-01-07' },
      { daysBefore: 7, from: '2026-12-10', to: '2026-12-15' },
      { daysBefore: 1, from: '2026-12-08', to: '2026-12-09' },
    ]);
  });

  /**
   * Runs a schedule from `first` for `days` days (a run on every day `runs` accepts), each for its day
   * with the catch-up since the run before, sending each (deadline, offset) once as the unique key
   * does; returns what was sent, by deadline: [run day, offset].
   */
  function simulate(offsets: number[], first: string, days: number, runs: (day: number) => boolean) {
    const sent = new Map<string, Array<[string, number]>>();
    let lastRun: string | undefined;
    for (let day = 0; day < days; day += 1) {
      if (!runs(day)) continue;
      const asOf = addDays(first, day);
      for (const range of dueRanges(asOf, offsets, catchUpDays(lastRun, asOf))) {
        for (let deadline = range.from; deadline <= range.to; deadline = addDays(deadline, 1)) {
          const mails = sent.get(deadline) ?? [];
          if (mails.some(([, daysBefore]) => daysBefore === range.daysBefore)) continue;
          sent.set(deadline, [...mails, [asOf, range.daysBefore]]);
        }
      }
      lastRun = asOf;
    }
    return sent;
  }

  it.each([
    ['weekly', [30, 7, 1], (day: number) => day % 7 === 0],
    ['every three days', [30, 7, 1], (day: number) => day % 3 === 0],
    ['on weekdays', [30, 7, 1], (day: number) => day % 7 < 5],
    ['weekly, offsets a week apart', [28, 21, 14, 7], (day: number) => day % 7 === 3],
    ['daily', [30, 7, 1], () => true],
  ])('a schedule that runs %s loses no reminder a run could still send before its deadline', (_name, offsets, runs) => {
    const first = '2026-01-01';
    const days = 200;
    const sent = simulate(offsets, first, days, runs);
    const runDays = Array.from({ length: days }, (_, day) => day)
      .filter(runs)
      .map((day) => addDays(first, day));
    // Deadlines far enough from the start that every send day of theirs is after the first run.
    for (let ahead = 40; ahead < days - 1; ahead += 1) {
      const deadline = addDays(first, ahead);
      const mails = sent.get(deadline) ?? [];
      for (const daysBefore of offsets) {
        // The first run on or after the send day, if it is not after the deadline, mails this
        // deadline: for this offset, or for a nearer one that is due by then too.
        const due = runDays.find((day) => day >= addDays(deadline, -daysBefore));
        if (due === undefined || due > deadline) continue;
        expect(mails).toContainEqual([due, Math.min(...offsets.filter((k) => daysBetween(due, deadline) <= k))]);
      }
      // Never for a past deadline, never one offset twice.
      for (const [runDay] of mails) expect(runDay <= deadline).toBe(true);
      expect(new Set(mails.map(([, daysBefore]) => daysBefore)).size).toBe(mails.length);
    }
  });
});
