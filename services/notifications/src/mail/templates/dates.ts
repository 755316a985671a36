/* Days and times in mails, in the firm's time zone (billing, security, documents and invitation mails). */

/** `22 November 2026`: the day a payment was made or a period starts, in the firm's time zone. */
export function formatDay(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`not a date: ${iso}`);
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, day: 'numeric', month: 'long', year: 'numeric' })
    .formatToParts(date)
    .reduce<Record<string, string>>((found, part) => ({ ...found, [part.type]: part.value }), {});
  return `${parts.day} ${parts.month} ${parts.year}`;
}

/**
 * `22 November 2026 at 9:05 AM EST (America/New_York)`: the day and time in the firm's time zone, and
 * that zone by name (an abbreviation alone, `GMT+1` or `CST`, can be read more than one way).
 */
export function formatTimeIn(iso: string, timeZone: string): string {
  const day = formatDay(iso, timeZone);
  const time = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit', timeZoneName: 'short' })
    .format(new Date(iso))
    // ICU writes a narrow no-break space before AM/PM: plain text mail wants a plain one.
    .replace(/\s+/g, ' ');
  return time.endsWith(` ${timeZone}`) ? `${day} at ${time}` : `${day} at ${time} (${timeZone})`;
}
