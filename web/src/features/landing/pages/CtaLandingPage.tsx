import { useId, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { ButtonLink } from '../../../shared/ui/ButtonLink';
import buttonStyles from '../../../shared/ui/button.module.css';
import container from '../../../shared/ui/container.module.css';
import page from '../../../shared/ui/page.module.css';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { BookingLink } from '../../contact/components/BookingLink';
import { Avatar } from '../components/Avatar';
import { LandingForm } from '../components/LandingForm';
import { BENEFITS, CLIENT_TYPES, FIGURES, LANDING_NEXT_STEPS, TESTIMONIALS } from '../content';
import { readTracking } from '../landing-lead';
import styles from './CtaLandingPage.module.css';

const CONSULTATION_TOPIC = 'a free consultation';

/** /cta-landing (spec part 1, section 2). */
export function CtaLandingPage() {
  useDocumentTitle('Book a Free Consultation');
  const { search } = useLocation();
  // Captured from the address the visitor landed on.
  const tracking = useMemo(() => readTracking(search), [search]);
  const [formOpen, setFormOpen] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const formId = useId();
  const thanksHeading = useRef<HTMLHeadingElement>(null);

  if (submitted) {
    return (
      <section className={`${page.hero} ${styles.thanks}`} aria-labelledby="landing-thanks">
        <div className={container.container}>
          <h1 id="landing-thanks" ref={thanksHeading} tabIndex={-1} className={page.title}>
            Thank You!
          </h1>
          <p className={page.lead}>We have received your request and will contact you within 24 hours.</p>
          <h2 className={styles.stepsTitle}>What happens next</h2>
          <ol className={styles.steps}>
            {LANDING_NEXT_STEPS.map((step) => (
              <li key={step}>{step}</li>
            ))}
          </ol>
          <ButtonLink to={ROUTES.home}>Back to Home</ButtonLink>
        </div>
      </section>
    );
  }

  return (
    <>
      <section className={`${page.hero} ${styles.hero}`} aria-labelledby="landing-title">
        <div className={container.container}>
          <p className={page.eyebrow}>Free, risk-free trial</p>
          <h1 id="landing-title" className={styles.title}>
            Save up to 70% on accounting, with a dedicated team that works like your own
          </h1>
          <p className={page.lead}>
            Bookkeeping, tax and compliance with AI monthly dashboards and 24-hour turnaround. Trusted by 1000+
            businesses, with a 99% satisfaction rate.
          </p>
          <div className={page.actions}>
            <BookingLink topic={CONSULTATION_TOPIC}>Book My Consultation</BookingLink>
          </div>
          <p className={page.note}>A 30-minute video call with one of our experts. No obligation.</p>
          <ul className={styles.figures}>
            {FIGURES.map((figure) => (
              <li key={figure.label}>
                <strong>{figure.value}</strong> {figure.label}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={`${container.container} ${page.section}`} aria-labelledby="clients-title">
        <h2 id="clients-title" className={page.sectionTitle}>
          Our Clients
        </h2>
        <ul className={page.grid}>
          {CLIENT_TYPES.map((client) => (
            <li key={client.title} className={page.card}>
              <h3 className={page.cardTitle}>{client.title}</h3>
              <p className={page.muted}>{client.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${container.container} ${page.section}`} aria-labelledby="benefits-title">
        <h2 id="benefits-title" className={page.sectionTitle}>
          Why businesses choose us
        </h2>
        <ul className={`${page.grid} ${styles.benefits}`}>
          {BENEFITS.map((benefit, index) => (
            <li key={benefit.title} className={page.card}>
              <span className={styles.benefitNumber} aria-hidden="true">
                {String(index + 1).padStart(2, '0')}
              </span>
              <h3 className={page.cardTitle}>{benefit.title}</h3>
              <p className={page.muted}>{benefit.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${container.container} ${page.section}`} aria-labelledby="testimonials-title">
        <h2 id="testimonials-title" className={page.sectionTitle}>
          What our clients say
        </h2>
        <ul className={page.grid}>
          {TESTIMONIALS.map((testimonial) => (
            <li key={testimonial.name} className={page.card}>
              <blockquote className={styles.quote}>“{testimonial.quote}”</blockquote>
              <div className={styles.person}>
                <Avatar {...testimonial.avatar} className={styles.avatar} />
                <p>
                  <strong>{testimonial.name}</strong>
                  <br />
                  <span className={page.muted}>{testimonial.role}</span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className={`${container.container} ${page.section}`} aria-labelledby="callback-title">
        <div className={styles.callback}>
          <h2 id="callback-title" className={page.sectionTitle}>
            Prefer that we contact you?
          </h2>
          <p className={page.muted}>Leave your details and we will reach out within 24 hours.</p>
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            aria-expanded={formOpen}
            aria-controls={formId}
            onClick={() => setFormOpen((open) => !open)}
          >
            {formOpen ? 'Hide the form' : 'Request a call back'}
          </button>
          <div id={formId} hidden={!formOpen} className={styles.form}>
            <h3 className={styles.formTitle}>Book a free 15-minute consultation</h3>
            <LandingForm
              tracking={tracking}
              onSubmitted={() => {
                setSubmitted(true);
                window.scrollTo(0, 0);
                window.setTimeout(() => thanksHeading.current?.focus());
              }}
            />
          </div>
        </div>
      </section>

      <section className={`${container.container} ${page.section}`} aria-labelledby="final-title">
        <div className={styles.final}>
          <h2 id="final-title" className={styles.finalTitle}>
            Ready to get your evenings back?
          </h2>
          <p>Book a free consultation and get a proposal tailored to your business.</p>
          <BookingLink topic={CONSULTATION_TOPIC}>Book My Consultation</BookingLink>
        </div>
      </section>
    </>
  );
}
