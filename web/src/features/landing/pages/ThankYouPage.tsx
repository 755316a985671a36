import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { siteConfig } from '../../../shared/config';
import { ROUTES } from '../../../shared/routes';
import buttonStyles from '../../../shared/ui/button.module.css';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { countdownText, nextCount, THANK_YOU_COUNTDOWN_SECONDS } from '../countdown';
import styles from './ThankYouPage.module.css';

// The main marketing website: the home page of this site.
const REDIRECT_TARGET = ROUTES.home;

const NEXT_STEPS = [
  { title: 'Check your e-mail', text: 'A calendar invite with the meeting link is on its way.' },
  { title: 'Answer a few questions', text: 'A short preparation questionnaire helps us make the most of the call.' },
  { title: 'Meet your expert', text: 'A specialist walks through your needs and answers your questions.' },
];

/** /thank-you after a booked consultation (spec part 1, sections 2 and 4): counts down from 5, then home. */
export function ThankYouPage() {
  useDocumentTitle('Consultation Confirmed');
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState(THANK_YOU_COUNTDOWN_SECONDS);

  useEffect(() => {
    if (secondsLeft === 0) {
      void navigate(REDIRECT_TARGET, { replace: true });
      return;
    }
    const timer = window.setTimeout(() => setSecondsLeft(nextCount), 1000);
    return () => window.clearTimeout(timer);
  }, [secondsLeft, navigate]);

  return (
    <section className={`${page.hero} ${styles.thanks}`} aria-labelledby="thank-you-title">
      <div className={`${container.container} ${styles.inner}`}>
        <svg className={styles.check} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path
            d="M14 25l7 7 13-15"
            fill="none"
            stroke="#fff"
            strokeWidth="4"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <h1 id="thank-you-title" className={page.title}>
          Your consultation is confirmed
        </h1>
        <p className={page.lead}>Thank you for booking a call with us. Here is what happens next.</p>
        <ol className={styles.steps}>
          {NEXT_STEPS.map((step) => (
            <li key={step.title} className={styles.step}>
              <strong>{step.title}</strong>
              <span className={page.muted}>{step.text}</span>
            </li>
          ))}
        </ol>
        <p className={styles.countdown}>{countdownText(secondsLeft)}</p>
        <div className={page.actions}>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.primary}`}
            onClick={() => void navigate(REDIRECT_TARGET, { replace: true })}
          >
            Go Now
          </button>
        </div>
        <p className={page.note}>
          Not redirected? <Link to={REDIRECT_TARGET}>Continue to our website</Link>. Questions before the call? Write to{' '}
          <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>.
        </p>
        <p className={styles.trust}>Trusted by 1000+ businesses, with a 99% satisfaction rate.</p>
      </div>
    </section>
  );
}
