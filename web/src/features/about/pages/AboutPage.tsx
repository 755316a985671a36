import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import styles from './AboutPage.module.css';

const VALUES = [
  {
    title: 'One team for the whole back office',
    text: 'Books, tax, compliance, payroll and equity under one roof, so nothing falls between two providers.',
  },
  {
    title: 'People first, automation second',
    text: 'AI and automation do the repetitive work; a dedicated accountant reviews every close and answers your questions.',
  },
  {
    title: 'Plain prices',
    text: 'Monthly plans and fixed one-time fees, published on our service pages. No surprise invoices.',
  },
  {
    title: '100% remote',
    text: 'We work with founders across the United States, online, from our offices in North Carolina and beyond.',
  },
];

const FIGURES = [
  { value: '1000+', label: 'businesses trust us' },
  { value: '99%', label: 'satisfaction rate' },
  { value: '20+ hours', label: 'saved per month' },
  { value: 'up to 70%', label: 'less than in-house staff' },
];

/** /about (spec part 2, section 2: Get Started goes to /#services). */
export function AboutPage() {
  useDocumentTitle('About Us');
  return (
    <>
      <section className={page.hero} aria-labelledby="about-title">
        <div className={container.container}>
          <p className={page.eyebrow}>About Us</p>
          <h1 id="about-title" className={page.title}>
            The finance team behind founders, startups and small businesses
          </h1>
          <p className={page.lead}>
            We are accountants, enrolled agents and compliance specialists who handle the books, taxes and filings of
            growing companies, so that their founders can spend their time on the business.
          </p>
          <div className={page.actions}>
            <ButtonLink to={`${ROUTES.home}#services`}>Get Started</ButtonLink>
            <ButtonLink to={ROUTES.contact} variant="secondary">
              Contact us
            </ButtonLink>
          </div>
        </div>
      </section>

      <section className={`${container.container} ${page.section}`} aria-label="In numbers">
        <ul className={styles.figures}>
          {FIGURES.map((figure) => (
            <li key={figure.label} className={styles.figure}>
              <strong className={styles.value}>{figure.value}</strong>
              <span className={page.muted}>{figure.label}</span>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${container.container} ${page.section}`} aria-labelledby="values-title">
        <h2 id="values-title" className={page.sectionTitle}>
          How we work
        </h2>
        <ul className={page.grid}>
          {VALUES.map((value) => (
            <li key={value.title} className={page.card}>
              <h3 className={page.cardTitle}>{value.title}</h3>
              <p className={page.muted}>{value.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${container.container} ${page.section}`} aria-labelledby="who-title">
        <h2 id="who-title" className={page.sectionTitle}>
          Who we work with
        </h2>
        <p className={page.sectionLead}>
          Freelancers and professionals, start-ups and growing businesses, and CPAs and accounting firms who want a
          reliable partner for the work they do not keep in-house. Every client has a dedicated team and a 3-month,
          no-obligation trial to see how we work.
        </p>
        <ButtonLink to={ROUTES.careers} variant="secondary">
          Join our team
        </ButtonLink>
      </section>
    </>
  );
}
