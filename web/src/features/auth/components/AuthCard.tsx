import { useId, type ReactNode } from 'react';
import styles from './AuthCard.module.css';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  /** Links to the other account pages, under a rule. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of every account page: a centred card with the page title. */
export function AuthCard({ title, intro, footer, children }: AuthCardProps) {
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.card}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </section>
  );
}
