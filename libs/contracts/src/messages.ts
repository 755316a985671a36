/* Messages to the firm's staff (notifications, POST /messages/): the contact page, the Send Us a Message / Book a Call modal, the perk form. */

/** The longest text each field takes (characters); the forms stop typing there, the server refuses more. */
export const MESSAGE_LIMITS = { name: 200, subject: 200, message: 5000, source: 100 } as const;

export const MESSAGE_TYPES = ['contact_form', 'job_application', 'perk_provider', 'book_call', 'general'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export interface CreateMessageRequest {
  name: string;
  email: string;
  /** Optional; blank is none. */
  phone?: string;
  message: string;
  subject?: string;
  /** 'general' when left out. */
  type?: MessageType;
  /** Where it was sent from, e.g. website_contact_page. */
  source?: string;
}

export interface CreateMessageReply {
  id: string;
  message: string;
}
