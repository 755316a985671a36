import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import styles from './SignupCta.module.css';

/** The call to action between the blocks and the services (spec: 'Signup Now' links to /#services). */
export function SignupCta() {
  return (
    <section className={container.container} aria-labelledby="signup-title">
      <div className={styles.cta}>
        <div>
          <h2 id="signup-title" className={styles.title}>
            Start your free 3-month trial
          </h2>
          <p className={styles.text}>No obligation, and your card is not charged during the trial. Cancel any time.</p>
        </div>
        <ButtonLink to={`${ROUTES.home}#services`} className={styles.button}>
          Signup Now
        </ButtonLink>
      </div>
    </section>
  );
}
