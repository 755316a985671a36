/* Tax-deadline reminders (notifications, under /deadline-alerts): the sign-up and the admins' run. */

/**
 * POST /deadline-alerts/subscribe/ (spec part 2, sections 3 and 7). `ip_address` is sent as null: the
 * server records the address the request came from, never one the body claims.
 */
export interface DeadlineSubscribeRequest {
  email: string;
  ip_address?: null;
}

export interface DeadlineSubscribeReply {
  message: string;
}

export const DEADLINE_SUBSCRIBED = "Thanks for subscribing! You'll receive deadline reminders soon.";

/**
 * GET /deadline-alerts/unsubscribe?token= (the link of every deadline mail: a page with an Unsubscribe
 * button) and POST (the button: unsubscribes); both answer an HTML page.
 */
export interface DeadlineUnsubscribeQuery {
  token: string;
}

/**
 * GET /deadline-alerts/resubscribe?token= (the link of the mail a sign-up of an unsubscribed address
 * gets: a page with a button) and POST (the button: subscribes again); both answer an HTML page.
 */
export interface DeadlineResubscribeQuery {
  token: string;
}

/** POST /deadline-alerts/run (admins only): the reminder job, now. */
export interface DeadlineAlertRunRequest {
  /** 'YYYY-MM-DD': the day to run for (outside production only); today (UTC) when left out. */
  as_of?: string;
}

export interface DeadlineAlertRunReply {
  /** The day the run was for. */
  as_of: string;
  /** Days before a deadline that reminders are sent (DEADLINE_ALERT_DAYS). */
  offsets: number[];
  /** Reminders this run queued (one per subscriber, filing and offset); 0 when all had been sent. */
  reminders_queued: number;
}
