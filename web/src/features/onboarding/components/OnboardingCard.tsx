import { useId, type ReactNode, type Ref } from 'react';
import styles from './Onboarding.module.css';

interface OnboardingCardProps {
  title: string;
  intro?: ReactNode;
  /** Set on the body when it should take the focus (the view that replaces a submitted form). */
  bodyRef?: Ref<HTMLDivElement>;
  children: ReactNode;
}

/** The frame of both questionnaire pages: a centred card with the page title. */
export function OnboardingCard({ title, intro, bodyRef, children }: OnboardingCardProps) {
  const titleId = useId();
  return (
    <section className={styles.page} aria-labelledby={titleId}>
      <div className={styles.card}>
        <h1 id={titleId} className={styles.title}>
          {title}
        </h1>
        {intro && <p className={styles.intro}>{intro}</p>}
        <div className={styles.body} ref={bodyRef} tabIndex={bodyRef ? -1 : undefined}>
          {children}
        </div>
      </div>
    </section>
  );
}
