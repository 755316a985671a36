import { createContext, use } from 'react';

export interface ContactModalRequest {
  /** 'message': 'Send Us a Message'; 'call': 'Book a Call', with a preferred date/time. */
  mode: 'message' | 'call';
  /** What the default message asks about: a form's name, a package's title, 'your services'. */
  topic: string;
}

export type OpenContactModal = (request: ContactModalRequest) => void;

export const ContactModalContext = createContext<OpenContactModal | null>(null);

/** Opens the shared 'Send Us a Message' / 'Book a Call' modal. */
export function useContactModal(): OpenContactModal {
  const open = use(ContactModalContext);
  if (!open) throw new Error('useContactModal() needs a <ContactModalProvider> above it');
  return open;
}

export const CONTACT_MODAL_TITLES = { message: 'Send Us a Message', call: 'Book a Call' } as const;
