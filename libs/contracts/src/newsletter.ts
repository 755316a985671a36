/* The newsletter (notifications, under /newsletter). */

/** POST /newsletter/subscribe/: the same answer when the address is already subscribed. */
export interface SubscribeRequest {
  email: string;
  /** Where the form is (website_footer); 'website' when left out. */
  source?: string;
}

export interface SubscribeReply {
  message: string;
}

/**
 * GET /newsletter/unsubscribe?token= (the welcome mail's link: a page with an Unsubscribe button) and
 * POST (the button: unsubscribes); both answer an HTML page.
 */
export interface UnsubscribeQuery {
  token: string;
}

/**
 * GET /newsletter/resubscribe?token= (the link of the mail a sign-up of an unsubscribed address gets: a page
 * with a button) and POST (the button: subscribes again); both answer an HTML page.
 */
export interface ResubscribeQuery {
  token: string;
}
