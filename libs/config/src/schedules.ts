/*
 * The values of the scheduling variables: a cron pattern (checked here, at start, rather than by BullMQ
 * at the first run) and a list of days before a deadline.
 */

interface CronField {
  min: number;
  max: number;
  names?: readonly string[];
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

/** minute, hour, day of month, month, day of week (0 or 7 is Sunday). */
const FIELDS: readonly CronField[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTH_NAMES },
  { min: 0, max: 7, names: DAY_NAMES },
];

function value(text: string, field: CronField): number | undefined {
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const index = field.names?.indexOf(text.toUpperCase()) ?? -1;
  if (index < 0) return undefined;
  // Month names count from 1, day names from 0.
  return field.min === 1 ? index + 1 : index;
}

function validPart(part: string, field: CronField): boolean {
  const [range, step, ...rest] = part.split('/');
  if (rest.length || range === '') return false;
  if (step !== undefined && !(/^\d{1,2}$/.test(step) && Number(step) >= 1)) return false;
  if (range === '*') return true;
  const bounds = range.split('-');
  if (bounds.length > 2) return false;
  const numbers = bounds.map((bound) => value(bound, field));
  if (numbers.some((number) => number === undefined || number < field.min || number > field.max)) return false;
  return numbers.length === 1 || numbers[0]! <= numbers[1]!;
}

/**
 * A five-field cron pattern (minute hour day-of-month month day-of-week): numbers, `*`, ranges `a-b`,
 * steps `/n`, lists `a,b`, and month and weekday names. A strict subset of what BullMQ's parser accepts,
 * so a pattern that passes here never fails at scheduling time.
 */
export function isCronPattern(pattern: string): boolean {
  const fields = pattern.trim().split(/\s+/);
  if (fields.length !== FIELDS.length) return false;
  return fields.every((text, index) => text.split(',').every((part) => validPart(part, FIELDS[index])));
}

/** The longest reminder lead time: a year. */
export const MAX_ALERT_DAYS = 365;

/**
 * '30,7,1' → [30, 7, 1] (largest first); undefined unless it is a list of distinct whole numbers of
 * days from 1 to MAX_ALERT_DAYS.
 */
export function parseAlertDays(text: string): number[] | undefined {
  const parts = text.split(',').map((part) => part.trim());
  if (!parts.every((part) => /^\d{1,3}$/.test(part))) return undefined;
  const days = parts.map(Number);
  if (days.some((day) => day < 1 || day > MAX_ALERT_DAYS)) return undefined;
  if (new Set(days).size !== days.length) return undefined;
  return days.sort((a, b) => b - a);
}
