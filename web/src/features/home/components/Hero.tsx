import type { MouseEvent, RefObject } from 'react';
import buttonStyles from '../../../shared/ui/button.module.css';
import container from '../../../shared/ui/container.module.css';
import { servicesScrollTop } from '../home-motion';
import styles from './Hero.module.css';
import { Illustration } from './illustrations';

export const SERVICES_ID = 'services';

const HERO_PALETTE = { a: '#0b1f3a', b: '#0b6e6e', c: '#9fd8d1', bg: 'transparent' };

/** Scrolls to the services section, 20 px above it below the sticky header, and moves focus there. */
function scrollToServices(event: MouseEvent<HTMLAnchorElement>) {
  const section = document.getElementById(SERVICES_ID);
  if (!section) return;
  event.preventDefault();
  const headerHeight = document.querySelector('header')?.getBoundingClientRect().height ?? 0;
  const top = servicesScrollTop(section.getBoundingClientRect().top + window.scrollY, headerHeight);
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top, behavior: reduceMotion ? 'auto' : 'smooth' });
  section.focus({ preventScroll: true });
}

export function Hero({ contentRef }: { contentRef: RefObject<HTMLDivElement | null> }) {
  return (
    <section className={styles.hero} aria-labelledby="home-title">
      <div ref={contentRef} className={`${container.container} ${styles.inner}`}>
        <div className={styles.copy}>
          <p className={styles.trial}>Free 3-month trial · No obligation</p>
          <h1 id="home-title" className={styles.title}>
            Your business, books, equity, payroll, taxes and compliance. One team.
          </h1>
          <p className={styles.lead}>
            A dedicated team of accountants and tax experts for founders, startups and small businesses. Start with a
            free, no-obligation 3-month trial.
          </p>
          <a
            href={`#${SERVICES_ID}`}
            className={`${buttonStyles.button} ${buttonStyles.primary} ${styles.cta}`}
            onClick={scrollToServices}
          >
            Get Started
          </a>
          <ul className={styles.proof} aria-label="Why clients choose us">
            <li>
              <strong>1000+</strong> businesses trust us
            </li>
            <li>
              <strong>99%</strong> satisfaction rate
            </li>
            <li>
              <strong>24-hour</strong> turnaround
            </li>
          </ul>
        </div>
        <div className={styles.art} aria-hidden="true">
          <Illustration motif="laptop" label="" palette={HERO_PALETTE} className={styles.artMain} />
          <Illustration motif="growth" label="" palette={{ ...HERO_PALETTE, bg: '#fff' }} className={styles.artSide} />
        </div>
      </div>
    </section>
  );
}
