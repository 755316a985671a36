/**
 * The kind of service a confirmation names, from keywords of the service's title (spec part 2,
 * section 2): a dissolution first (an 'LLC Dissolution' dissolves, it does not form), then a non-profit
 * (a 'Non-Profit LLC' is a non-profit), a corporation, an LLC, or a generic label.
 */
export function serviceGroupName(title: string | null | undefined): string {
  const text = title ?? '';
  if (/dissolution/i.test(text)) return 'Company Dissolution';
  if (/non[\s-]?profit|501\s*\(c\)/i.test(text)) return 'Non-Profit Formation';
  if (/corporation|\bc[\s-]?corp\b|\bs[\s-]?corp\b/i.test(text)) return 'Corporation Formation';
  if (/\bllc\b/i.test(text)) return 'LLC Formation';
  return 'Business Service';
}

/** The four steps after a company service is bought. */
export const SERVICE_NEXT_STEPS = [
  'You will receive a confirmation e-mail with your receipt.',
  'A specialist from our team will contact you within one business day to collect the details we need.',
  'We prepare your documents and send them to you for review before anything is filed.',
  'Once approved, we file with the state and send you the filed documents; state filing fees are billed at cost.',
] as const;
