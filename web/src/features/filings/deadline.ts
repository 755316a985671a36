/**
 * Filing deadlines are calendar dates ('YYYY-MM-DD'), not instants: a deadline has passed when it is
 * before today's date in the visitor's own calendar. Parsing the date with `new Date('2025-04-15')`
 * would read it as UTC midnight and shift it a day for everyone west of Greenwich, so dates are compared
 * as their 'YYYY-MM-DD' keys instead.
 */

const DATE_KEY = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/;

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** 'YYYY-MM-DD' of `date` in the local calendar. */
export function localDateKey(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The 'YYYY-MM-DD' part of a deadline (a timestamp keeps its date as written), or null if unreadable. */
export function deadlineKey(deadline: string | null | undefined): string | null {
  const match = DATE_KEY.exec(deadline?.trim() ?? '');
  if (!match) return null;
  const [, year, month, day] = match.map(Number);
  if (month < 1 || month > 12 || day < 1 || day > new Date(year, month, 0).getDate()) return null;
  return match.slice(1, 4).join('-');
}

/** True when the deadline's date is before today's date (a deadline of today has not passed). */
export function isDeadlinePassed(deadline: string | null | undefined, now: Date): boolean {
  const key = deadlineKey(deadline);
  return key !== null && key < localDateKey(now);
}

/** 'April 15, 2026', or the text as received when it is not a date. */
export function formatDeadline(deadline: string | null | undefined): string {
  const key = deadlineKey(deadline);
  if (!key) return deadline?.trim() ?? '';
  const [year, month, day] = key.split('-').map(Number);
  return `${MONTHS[month - 1]} ${day}, ${year}`;
}
