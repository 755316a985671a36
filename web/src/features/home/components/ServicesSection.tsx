import { lazy, Suspense, type RefObject } from 'react';
import container from '../../../shared/ui/container.module.css';
import { useVisibleOnce } from '../../../shared/ui/use-visible-once';
import { SERVICES_VISIBLE_THRESHOLD } from '../home-motion';
import { SERVICES_ID } from './Hero';
import styles from './ServicesSection.module.css';

// Below the fold: its code and data load when a fifth of the section is visible (spec part 1, section 9).
const ServicesTab = lazy(async () => ({ default: (await import('./ServicesTab')).ServicesTab }));

export const SERVICES_LOADING = 'Loading services...';

function Loading() {
  return (
    <p role="status" className={styles.loading}>
      {SERVICES_LOADING}
    </p>
  );
}

/** The #services section: Get Started and 'Signup Now' lead here. */
export function ServicesSection({ fadeRef }: { fadeRef: RefObject<HTMLDivElement | null> }) {
  const { ref, visible } = useVisibleOnce<HTMLElement>(SERVICES_VISIBLE_THRESHOLD);
  return (
    <section ref={ref} id={SERVICES_ID} className={styles.section} aria-labelledby="services-title" tabIndex={-1}>
      <div ref={fadeRef} className={container.container}>
        <p className={styles.eyebrow}>Services</p>
        <h2 id="services-title" className={styles.title}>
          Everything your business needs, from one team
        </h2>
        {visible ? (
          <Suspense fallback={<Loading />}>
            <ServicesTab />
          </Suspense>
        ) : (
          <Loading />
        )}
      </div>
    </section>
  );
}
