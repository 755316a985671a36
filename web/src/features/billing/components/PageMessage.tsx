import { useEffect, useRef, type ReactNode } from 'react';
import container from '../../../shared/ui/container.module.css';
import styles from './Billing.module.css';

interface PageMessageProps {
  title: string;
  /** The message, as the spec words it. */
  children: ReactNode;
  /** A way on (Back to Packages, Go to Profile...). */
  action?: ReactNode;
  tone?: 'error' | 'info';
}

/** A billing page that can only say something: nothing selected, a load failure, an error passed up. */
export function PageMessage({ title, children, action, tone = 'info' }: PageMessageProps) {
  return (
    <section className={`${container.container} ${styles.page}`} aria-labelledby="billing-message-title">
      <div className={styles.panel}>
        <h1 id="billing-message-title" className={styles.panelTitle}>
          {title}
        </h1>
        <p role={tone === 'error' ? 'alert' : undefined} className={tone === 'error' ? styles.cardError : styles.muted}>
          {children}
        </p>
        {action && <div className={styles.actions}>{action}</div>}
      </div>
    </section>
  );
}

/** What a successful checkout shows for the 2 s before the confirmation page; it takes the focus (and the view). */
export function PaymentSuccess({ title, children }: { title: string; children?: ReactNode }) {
  const region = useRef<HTMLDivElement>(null);
  useEffect(() => {
    region.current?.focus();
    region.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div ref={region} tabIndex={-1} className={styles.success} role="status">
      <span className={styles.successMark} aria-hidden="true">
        ✓
      </span>
      <h2 className={styles.panelTitle}>{title}</h2>
      {children && <p className={styles.muted}>{children}</p>}
      <p className={styles.note}>Taking you to your confirmation…</p>
    </div>
  );
}

/** A billing page whose data is still on its way. */
export function PageLoadingStatus() {
  return (
    <p role="status" className={`${container.container} ${styles.page}`}>
      Loading…
    </p>
  );
}
