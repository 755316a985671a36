import { useId, type ReactNode, type Ref } from 'react';
import styles from './PageCard.module.css';

interface PageCardProps {
  title: string;
  intro?: ReactNode;
  /** Questionnaires need more room than the account forms. */
  wide?: boolean;
  /** Set on the body when it should take the focus (the view that replaces a submitted form). */
  bodyRef?: Ref<HTMLDivElement>;
  /** Links to related pages, under a rule. */
  footer?: ReactNode;
  children: ReactNode;
}

/** The frame of a single-task page (account screens, questionnaires): a centred card with the page title. */
export function PageCard({ title, intro, wide, bodyRef, footer, children }: PageCardProps) {
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={wide ? `${styles.card} ${styles.wide}` : styles.card}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        <div className={styles.body} ref={bodyRef} tabIndex={bodyRef ? -1 : undefined}>
          {children}
        </div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </section>
  );
}
