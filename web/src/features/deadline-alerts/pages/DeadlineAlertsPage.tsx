import { Link } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import styles from '../components/DeadlineAlerts.module.css';
import { DeadlineSignupForm } from '../components/DeadlineSignupForm';

/** /free-tools/deadline-alerts (spec part 2): the e-mail sign-up for tax and compliance deadline reminders. */
export function DeadlineAlertsPage() {
  useDocumentTitle('Deadline Alerts');
  return (
    <>
      <section className={page.hero} aria-labelledby="deadline-alerts-title">
        <div className={container.container}>
          <p className={page.eyebrow}>Free tools</p>
          <h1 id="deadline-alerts-title" className={page.title}>
            Never miss a tax or compliance deadline
          </h1>
          <p className={page.lead}>
            Get e-mail reminders ahead of each filing deadline, a month, a week and a day before: annual reports,
            federal tax forms, FinCEN reports and more. Free, and you can unsubscribe in one click.
          </p>
        </div>
      </section>
      <div className={`${container.container} ${styles.layout}`}>
        <section aria-labelledby="signup-title">
          <h2 id="signup-title" className={page.sectionTitle}>
            Sign up for deadline alerts
          </h2>
          <DeadlineSignupForm />
        </section>
        <section aria-labelledby="what-title">
          <h2 id="what-title" className={page.sectionTitle}>
            What you get
          </h2>
          <ul className={styles.points}>
            <li>A reminder for every deadline on our filings calendar, with what the filing is and what it costs.</li>
            <li>A link to the filing&apos;s page, so our team can prepare and file it for you.</li>
            <li>Nothing else: no newsletter, no sharing of your address.</li>
          </ul>
          <p>
            <Link to={ROUTES.filings}>See every filing and its deadline</Link>
          </p>
        </section>
      </div>
    </>
  );
}
