import { useState } from 'react';
import { Link } from 'react-router-dom';
import { servicesOfArea } from '../../services/catalog';
import { useServices } from '../../services/hooks/use-catalog';
import { useMenu } from '../../services/hooks/use-public-catalog';
import { QueryScope } from '../../../shared/api/QueryScope';
import { LoadError } from '../../../shared/ui/LoadError';
import { blockForPath, SERVICE_FEATURES } from '../content';
import { staggerDelayMs } from '../home-motion';
import { Illustration } from './illustrations';
import { SERVICES_LOADING } from './ServicesSection';
import styles from './ServicesTab.module.css';

export const SERVICES_TAB_MESSAGES = {
  empty: 'No services found in this category.',
  failed: 'Failed to load services. Please try again.',
} as const;

/**
 * The services tab (spec part 1, section 2): a filter button per service area of the menu, the chosen
 * area's text with 'Learn more', its services from the catalog, an image grid that animates in, and the
 * features list. Its services come through react-query, which the rest of the home page does without.
 */
export function ServicesTab() {
  return (
    <QueryScope>
      <ServicesTabContent />
    </QueryScope>
  );
}

function ServicesTabContent() {
  const menu = useMenu();
  const services = useServices();
  const [selectedPath, setSelectedPath] = useState<string | null>(null);

  if (menu.isPending || services.isPending) {
    return (
      <p role="status" className={styles.note}>
        {SERVICES_LOADING}
      </p>
    );
  }
  if (menu.isError || services.isError) {
    return (
      <LoadError
        message={SERVICES_TAB_MESSAGES.failed}
        onRetry={() => {
          if (menu.isError) void menu.refetch();
          if (services.isError) void services.refetch();
        }}
        retrying={menu.isFetching || services.isFetching}
      />
    );
  }

  const areas = menu.data;
  const selected = areas.find((area) => area.path === selectedPath) ?? areas[0];
  if (!selected) return <p className={styles.note}>{SERVICES_TAB_MESSAGES.empty}</p>;
  const inArea = servicesOfArea(services.data, selected);
  const block = blockForPath(selected.path);

  return (
    <div className={styles.tab}>
      <div role="group" aria-label="Filter services by category" className={styles.filters}>
        {areas.map((area) => (
          <button
            key={area.id}
            type="button"
            className={styles.filter}
            aria-pressed={area === selected}
            onClick={() => setSelectedPath(area.path)}
          >
            {area.title}
          </button>
        ))}
      </div>

      <div className={styles.panel}>
        <div className={styles.text} aria-live="polite">
          <h3 className={styles.areaTitle}>{selected.title}</h3>
          {selected.description && <p className={styles.description}>{selected.description}</p>}
          {inArea.length === 0 ? (
            <p className={styles.empty}>{SERVICES_TAB_MESSAGES.empty}</p>
          ) : (
            <ul className={styles.serviceList}>
              {inArea.map((service) => (
                <li key={service.id} className={styles.service}>
                  <span className={styles.serviceTitle}>{service.title}</span>
                  <span className={styles.price}>{service.price}</span>
                </li>
              ))}
            </ul>
          )}
          <Link to={selected.path} className={styles.learnMore}>
            Learn more<span className="visually-hidden"> about {selected.title}</span>
            <span aria-hidden="true"> →</span>
          </Link>
        </div>
        {/* Keyed by the area: choosing another one plays the entrance again. */}
        <ul key={selected.path} className={styles.images}>
          {block.images.map((image, index) => (
            <li key={image.label} className={styles.image} style={{ animationDelay: `${staggerDelayMs(index)}ms` }}>
              <Illustration motif={image.motif} label={image.label} palette={{ ...block.palette, bg: '#fff' }} />
            </li>
          ))}
        </ul>
      </div>

      <ul className={styles.features} aria-label="What every client gets">
        {SERVICE_FEATURES.map((feature) => (
          <li key={feature.title} className={styles.feature}>
            <svg viewBox="0 0 24 24" className={styles.check} aria-hidden="true" focusable="false">
              <circle cx="12" cy="12" r="11" fill="currentColor" />
              <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
            <span>
              <strong className={styles.featureTitle}>{feature.title}</strong>
              <span className={styles.featureText}>{feature.text}</span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
