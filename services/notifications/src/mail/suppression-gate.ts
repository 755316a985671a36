import type { DataSource } from 'typeorm';
import type { SuppressionReason } from './mail-suppression.entity';

type Queryable = Pick<DataSource, 'query'>;

/** The address of a recipient as a mail may name it (`Jane <jane@example.com>`), lower case. */
export function recipientAddress(recipient: string): string {
  const bracketed = /<([^<>]+)>\s*$/.exec(recipient);
  return (bracketed ? bracketed[1] : recipient).trim().toLowerCase();
}

/** What each reason stops: a bounced address gets no mail; one that complained, no list mail. */
function stops(reason: SuppressionReason, listMail: boolean): boolean {
  return reason === 'bounce' || listMail;
}

export interface Recipients {
  /** The recipients the mail still goes to, as the mail named them. */
  to: string[];
  /** Why the mail must not be sent at all (no recipient left), or null. */
  skipped: string | null;
}

/**
 * The recipients of a mail that SES's feedback (mail_suppressions) does not stop: a permanent bounce stops
 * every mail, a complaint stops list mails (`listMail`: a subscription's) but not what the person asks for (a
 * password reset). Read just before sending, like subscriptionEnded: feedback may arrive while a mail waits.
 */
export async function unsuppressedRecipients(
  db: Queryable,
  to: string | string[],
  listMail: boolean,
): Promise<Recipients> {
  const recipients = Array.isArray(to) ? to : [to];
  const rows = (await db.query(`SELECT address, reason FROM mail_suppressions WHERE address = ANY($1)`, [
    recipients.map(recipientAddress),
  ])) as Array<{ address: string; reason: SuppressionReason }>;
  const stopped = new Map(rows.filter((row) => stops(row.reason, listMail)).map((row) => [row.address, row.reason]));
  if (!stopped.size) return { to: recipients, skipped: null };
  const kept = recipients.filter((recipient) => !stopped.has(recipientAddress(recipient)));
  if (kept.length) return { to: kept, skipped: null };
  const reasons = new Set(stopped.values());
  if (recipients.length > 1) return { to: [], skipped: 'every recipient bounced or complained (SES feedback)' };
  return {
    to: [],
    skipped: reasons.has('bounce')
      ? 'the address bounced for good (SES feedback)'
      : 'the address complained about list mail (SES feedback)',
  };
}
