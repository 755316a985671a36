/**
 * The fake's time, in unix seconds: the real time plus how far tests moved it forward. While the
 * clock is advanced, each due moment (a trial end, a renewal) is processed at its own time.
 * Stripe's test clocks are per customer; this fake has one clock for everything (simplification).
 */
export class Clock {
  private offset = 0;
  private pinned: number | undefined;

  now(): number {
    return this.pinned ?? Math.floor(Date.now() / 1000) + this.offset;
  }

  /** Runs `work` with the clock standing at `time` (never earlier than now). */
  at<T>(time: number, work: () => T): T {
    const previous = this.pinned;
    this.pinned = Math.max(time, this.now());
    try {
      return work();
    } finally {
      this.pinned = previous;
    }
  }

  /** Moves the clock so that `now()` is `time` from here on. */
  moveTo(time: number): void {
    if (time <= this.now()) return;
    this.offset += time - this.now();
  }
}

const DAY = 86_400;

/**
 * `anchor` plus `count` intervals, the day of month clamped to the month's length as Stripe does
 * (an anchor on Jan 31 renews on Feb 28/29, then Mar 31).
 */
export function addIntervals(anchor: number, interval: string, intervalCount: number, count: number): number {
  const steps = intervalCount * count;
  if (interval === 'day') return anchor + steps * DAY;
  if (interval === 'week') return anchor + steps * 7 * DAY;
  const date = new Date(anchor * 1000);
  const months = interval === 'year' ? steps * 12 : steps;
  const totalMonths = date.getUTCMonth() + months;
  const year = date.getUTCFullYear() + Math.floor(totalMonths / 12);
  const month = ((totalMonths % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(date.getUTCDate(), lastDay);
  return Date.UTC(year, month, day, date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds()) / 1000;
}
