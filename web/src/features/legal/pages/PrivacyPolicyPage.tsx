import { Link } from 'react-router-dom';
import { BRAND_NAME } from '../../../shared/brand';
import { siteConfig } from '../../../shared/config';
import { ROUTES } from '../../../shared/routes';
import { LegalPage } from './LegalPage';

/** /privacy-policy (spec part 2, section 9: it applies to users 18 and over). */
export function PrivacyPolicyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="January 1, 2026">
      <p>
        This policy explains what personal information {BRAND_NAME} (“we”, “us”) collects when you use our website and
        client portal, how we use it and the choices you have.
      </p>
      <h2>Who this policy applies to</h2>
      <p>
        Our website and services are intended for users who are 18 years of age or older. We do not knowingly collect
        personal information from anyone under 18. If you believe a minor has given us personal information, contact us
        and we will delete it.
      </p>
      <h2>Information we collect</h2>
      <ul>
        <li>Account details: your name, e-mail address, phone number, company and job title.</li>
        <li>Messages and forms you send us, including newsletter sign-ups and consultation requests.</li>
        <li>
          Documents you upload to your vault and the financial information needed to deliver the services you buy.
        </li>
        <li>
          Payment information, which is collected and stored by our card payment provider; we never see or store your
          full card number.
        </li>
        <li>Technical data such as your browser, device and the pages you visit, used to keep the site secure.</li>
      </ul>
      <h2>How we use it</h2>
      <ul>
        <li>To provide, bill and support the services you request.</li>
        <li>To reply to your messages and schedule consultations.</li>
        <li>To send filing reminders and, if you subscribed, our newsletter; every e-mail has an unsubscribe link.</li>
        <li>To meet our legal, tax and professional obligations.</li>
      </ul>
      <h2>Sharing</h2>
      <p>
        We do not sell your personal information. We share it only with providers that help us run our services
        (hosting, e-mail, payments), with government agencies when we file on your behalf, and when the law requires it.
      </p>
      <h2>Security and retention</h2>
      <p>
        Data is encrypted in transit, access is limited to the staff who work on your account, and we keep records only
        as long as our services and record-keeping obligations require.
      </p>
      <h2>Your choices</h2>
      <p>
        You may access, correct or delete your personal information, and unsubscribe from our e-mails at any time. To
        make a request, <Link to={ROUTES.contact}>contact us</Link> or write to{' '}
        <a href={`mailto:${siteConfig.supportEmail}`}>{siteConfig.supportEmail}</a>.
      </p>
      <h2>Changes</h2>
      <p>We will post any change to this policy on this page with a new “last updated” date.</p>
    </LegalPage>
  );
}
