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
