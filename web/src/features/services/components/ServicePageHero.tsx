import page from '../../../shared/ui/page.module.css';
import container from '../../../shared/ui/container.module.css';
import { BookingLink } from '../../contact/components/BookingLink';
import type { ServicePageContent } from '../service-pages';
import styles from './ServicePageHero.module.css';

export function ServicePageHero({ content }: { content: ServicePageContent }) {
  return (
    <section className={page.hero} aria-labelledby="service-page-title">
      <div className={container.container}>
        <p className={page.eyebrow}>{content.name}</p>
        <h1 id="service-page-title" className={page.title}>
          {content.title}
        </h1>
        <p className={page.lead}>{content.lead}</p>
        <ul className={styles.highlights}>
          {content.highlights.map((highlight) => (
            <li key={highlight}>{highlight}</li>
          ))}
        </ul>
        <div className={page.actions}>
          <a href="#packages" className={styles.jump}>
            See plans and pricing
          </a>
          <BookingLink variant="secondary" topic={`${content.name.toLowerCase()} services`}>
            Book a Call
          </BookingLink>
        </div>
      </div>
    </section>
  );
}
