import { Link } from 'react-router-dom';
import { BRAND_NAME } from '../../../shared/brand';
import { ROUTES } from '../../../shared/routes';
import { LegalPage } from './LegalPage';

/** /terms-of-service (spec part 2, section 9: 30 days' notice of material changes, North Carolina law). */
export function TermsOfServicePage() {
  return (
    <LegalPage title="Terms of Service" updated="January 1, 2026">
      <p>
        These terms govern your use of the {BRAND_NAME} website, client portal and services. By creating an account or
        buying a service you agree to them.
      </p>
      <h2>Eligibility</h2>
      <p>You must be at least 18 years old and able to enter a binding contract to use our services.</p>
      <h2>Your account</h2>
      <p>
        Keep your sign-in details confidential and tell us at once of any unauthorised use. You are responsible for the
        accuracy of the information and documents you give us.
      </p>
      <h2>Services, trials and payment</h2>
      <ul>
        <li>Monthly plans are billed monthly in US dollars until cancelled.</li>
        <li>
          Plans with a free trial are not charged during the trial; you may cancel before it ends at no cost. A
          no-obligation trial lasts 3 months unless the plan says otherwise.
        </li>
        <li>One-time services and filings are charged once; state filing fees are not included in formation prices.</li>
      </ul>
      <h2>Our work</h2>
      <p>
        We prepare books, returns and filings from the information you provide. Deadlines we can meet depend on
        receiving complete information in time.
      </p>
      <h2>Changes to these terms</h2>
      <p>
        We will give you at least 30 days’ notice of any material change to these terms, by e-mail or in the portal,
        before it takes effect.
      </p>
      <h2>Governing law</h2>
      <p>
        These terms are governed by the laws of the State of North Carolina, without regard to its conflict-of-law
        rules.
      </p>
      <h2>Contact</h2>
      <p>
        Questions about these terms? <Link to={ROUTES.contact}>Contact us</Link>.
      </p>
    </LegalPage>
  );
}
