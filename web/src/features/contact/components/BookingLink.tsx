import type { ReactNode } from 'react';
import { siteConfig } from '../../../shared/config';
import buttonStyles from '../../../shared/ui/button.module.css';
import { useContactModal } from './contact-modal-context';

interface BookingLinkProps {
  children: ReactNode;
  variant?: 'primary' | 'secondary';
  className?: string;
  /** What the default message of the fallback modal asks about. */
  topic?: string;
  onClick?(): void;
}

/**
 * 'Book My Consultation', 'Book a demo': the configured external scheduling page in a new tab. Without
 * one, the same button opens the 'Book a Call' modal (a preferred date/time and a message to staff),
 * so the visitor can still ask for a call and nothing external is requested.
 */
export function BookingLink({
  children,
  variant = 'primary',
  className,
  topic = 'your services',
  onClick,
}: BookingLinkProps) {
  const openContactModal = useContactModal();
  const classes = [buttonStyles.button, buttonStyles[variant], className].filter(Boolean).join(' ');
  if (siteConfig.bookingUrl) {
    return (
      <a href={siteConfig.bookingUrl} target="_blank" rel="noopener noreferrer" className={classes} onClick={onClick}>
        {children}
        <span className="visually-hidden"> (opens in a new tab)</span>
      </a>
    );
  }
  return (
    <button
      type="button"
      className={classes}
      aria-haspopup="dialog"
      onClick={() => {
        onClick?.();
        openContactModal({ mode: 'call', topic });
      }}
    >
      {children}
    </button>
  );
}
