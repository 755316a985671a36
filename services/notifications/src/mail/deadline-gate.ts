import type { TemplateMail } from '@portal/events';
import { dayIn } from '../deadline-alerts/due-dates';

/**
 * Why a deadline reminder must not be sent now, or null when it may be (or is not one). Its job can wait
 * long after the run that queued it (a quota wait, retries, a retry from the queue dashboard up to 30 days
 * later), and sent after the deadline it would announce a day already past. The deadline is a day where
 * the firm is (FIRM_TIME_ZONE), as a run's own day is (DeadlineAlertsService.runDay).
 */
export function deadlinePassed(mail: TemplateMail, timeZone: string, now = new Date()): string | null {
  if (mail.template !== 'deadline-reminder') return null;
  // 'YYYY-MM-DD' days compare as text.
  return mail.data.deadline < dayIn(timeZone, now) ? `its deadline, ${mail.data.deadline}, has passed` : null;
}
