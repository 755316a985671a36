import { deadlineKey, formatDeadline, isDeadlinePassed, localDateKey } from './deadline';

/** Runs `check` with the process in `timeZone` (Node reads TZ again when it changes). */
function inTimeZone(timeZone: string, check: () => void): void {
  const previous = process.env.TZ;
  process.env.TZ = timeZone;
  try {
    check();
  } finally {
    if (previous === undefined) delete process.env.TZ;
    else process.env.TZ = previous;
  }
}

describe('isDeadlinePassed', () => {
  it('is true only for a date before today in the local calendar', () => {
    const now = new Date(2026, 3, 15, 9, 0); // April 15, 2026, 09:00 local
    expect(isDeadlinePassed('2026-04-14', now)).toBe(true);
    expect(isDeadlinePassed('2025-12-31', now)).toBe(true);
    expect(isDeadlinePassed('2026-04-15', now)).toBe(false);
    expect(isDeadlinePassed('2026-04-16', now)).toBe(false);
  });

  it('keeps the deadline day open until local midnight, whatever the UTC date is', () => {
    const lateEvening = new Date(2026, 3, 15, 23, 59);
    const earlyMorning = new Date(2026, 3, 16, 0, 1);
    expect(isDeadlinePassed('2026-04-15', lateEvening)).toBe(false);
    expect(isDeadlinePassed('2026-04-15', earlyMorning)).toBe(true);
  });

  it.each(['America/Los_Angeles', 'Pacific/Honolulu', 'UTC', 'Asia/Kolkata', 'Pacific/Kiritimati'])(
    'reads the deadline as a calendar date in %s',
    (timeZone) => {
      inTimeZone(timeZone, () => {
        // 23:30 and 00:30 local, on either side of the visitor's midnight (other dates in UTC).
        expect(isDeadlinePassed('2026-04-15', new Date(2026, 3, 15, 23, 30))).toBe(false);
        expect(isDeadlinePassed('2026-04-15', new Date(2026, 3, 16, 0, 30))).toBe(true);
        expect(isDeadlinePassed('2026-04-15', new Date(2026, 3, 15, 0, 30))).toBe(false);
        expect(formatDeadline('2026-04-15')).toBe('April 15, 2026');
      });
    },
  );

  it('reads the date part of a timestamp as written', () => {
    expect(isDeadlinePassed('2026-04-15T00:00:00Z', new Date(2026, 3, 15, 12))).toBe(false);
  });

  it.each([null, undefined, '', 'soon', '2026-13-01', '2026-02-30', '15/04/2026'])(
    'never calls an unreadable deadline (%j) passed',
    (deadline) => {
      expect(isDeadlinePassed(deadline, new Date(2030, 0, 1))).toBe(false);
    },
  );
});

describe('dates', () => {
  it('keys a local date and validates deadlines', () => {
    expect(localDateKey(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
    expect(deadlineKey(' 2028-02-29 ')).toBe('2028-02-29');
    expect(deadlineKey('2027-02-29')).toBeNull();
  });

  it('formats a deadline for people, or shows the text as received', () => {
    expect(formatDeadline('2026-01-31')).toBe('January 31, 2026');
    expect(formatDeadline('Quarterly')).toBe('Quarterly');
    expect(formatDeadline(null)).toBe('');
  });
});
