/*
 * Calendar days as 'YYYY-MM-DD' (filing deadlines are dates, with no time zone), and which deadlines a
 * reminder run is for.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Days before a run's own day whose reminders a run sends at least, if they were missed: a day or two
 * of downtime, or a subscriber who signed up after the day's run. A run reaches back further when the
 * last successful run is older (see catchUpDays).
 */
export const CATCH_UP_DAYS = 2;

/** Whether `text` is a real calendar date written 'YYYY-MM-DD'. */
export function isIsoDate(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const match = ISO_DATE.exec(text);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === text;
}

function toUtc(day: string): number {
  if (!isIsoDate(day)) throw new Error(`not a calendar date: ${day}`);
  return Date.parse(`${day}T00:00:00Z`);
}

/** The calendar day (YYYY-MM-DD) of an instant in `timeZone` (an IANA zone). */
export function dayIn(timeZone: string, instant: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    instant,
  );
}

export function addDays(day: string, days: number): string {
  return new Date(toUtc(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/**
 * How many days before `asOf` a run reaches back: every day since the last successful run (`lastRun`,
 * which sent what fell due up to its own day), so a schedule less often than daily or a longer outage
 * loses no reminder, and never fewer than CATCH_UP_DAYS. A `lastRun` that is not before `asOf` (a run
 * again for the same day) changes nothing.
 */
export function catchUpDays(lastRun: string | undefined, asOf: string): number {
  if (lastRun === undefined) return CATCH_UP_DAYS;
  return Math.max(CATCH_UP_DAYS, daysBetween(lastRun, asOf) - 1);
}

/** The deadlines one offset of a run covers: from `from` to `to`, both included. */
export interface DueRange {
  daysBefore: number;
  from: string;
  to: string;
}

/**
 * What a run for day `asOf` sends, per offset k: the reminders due on that day (deadline − k = asOf)
 * and those due on the `catchUp` days before that were not sent (CATCH_UP_DAYS, or every day since
 * the last run: catchUpDays), so downtime or a schedule less often than daily loses nothing. Never one
 * for a deadline already past: deadlines before `asOf` are left out (a deadline on `asOf` itself is
 * today's, not past). Where the windows of two offsets overlap (offsets less than `catchUp` + 1 apart:
 * 3 and 1 days before), a deadline belongs to the nearer offset only, so one run never mails the same
 * deadline twice ('due tomorrow' as the 3-day reminder caught up and as the 1-day one). Offsets whose
 * range is empty are left out; ranges come in the order of `offsets`.
 */
export function dueRanges(asOf: string, offsets: readonly number[], catchUp = CATCH_UP_DAYS): DueRange[] {
  const ranges = new Map<number, DueRange>();
  /** The farthest deadline a nearer offset covers. */
  let nearerTo: string | undefined;
  for (const daysBefore of [...offsets].sort((a, b) => a - b)) {
    const earliest = addDays(asOf, daysBefore - catchUp);
    let from = daysBetween(asOf, earliest) < 0 ? asOf : earliest;
    if (nearerTo !== undefined && daysBetween(nearerTo, from) <= 0) from = addDays(nearerTo, 1);
    const to = addDays(asOf, daysBefore);
    if (daysBetween(from, to) >= 0) ranges.set(daysBefore, { daysBefore, from, to });
    nearerTo = to;
  }
  return offsets.flatMap((daysBefore) => ranges.get(daysBefore) ?? []);
}
