/*
 * Calendar days as 'YYYY-MM-DD' (filing deadlines are dates, with no time zone), and which deadlines a
 * reminder run is for.
 */

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Days before a run's own day whose reminders a run still sends if they were missed (downtime). */
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

/** The UTC calendar day of an instant. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(toUtc(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** The deadlines one offset of a run covers: from `from` to `to`, both included. */
export interface DueRange {
  daysBefore: number;
  from: string;
  to: string;
}

/**
 * What a run for day `asOf` sends, per offset k: the reminders due on that day (deadline − k = asOf)
 * and those due on the CATCH_UP_DAYS days before that were not sent, so a day or two of downtime loses
 * nothing. Never one for a deadline already past: deadlines before `asOf` are left out (a deadline on
 * `asOf` itself is today's, not past). Offsets whose range is empty are left out.
 */
export function dueRanges(asOf: string, offsets: readonly number[]): DueRange[] {
  return offsets.flatMap((daysBefore) => {
    const earliest = addDays(asOf, daysBefore - CATCH_UP_DAYS);
    const from = daysBetween(asOf, earliest) < 0 ? asOf : earliest;
    const to = addDays(asOf, daysBefore);
    return daysBetween(from, to) >= 0 ? [{ daysBefore, from, to }] : [];
  });
}
