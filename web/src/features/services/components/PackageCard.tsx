import { ButtonLink } from '../../../shared/ui/ButtonLink';
import buttonStyles from '../../../shared/ui/button.module.css';
import { useContactModal } from '../../contact/components/contact-modal-context';
import type { CatalogService } from '../catalog';
import { attributeLines, entityType, isPackage, serviceAction, trialText } from '../package-display';
import styles from './PackageCard.module.css';

// The catalog may also list the entity type as an attribute; the badge already shows it.
const ENTITY_TYPE_ATTRIBUTE = 'Entity Type';

interface PackageCardProps {
  service: CatalogService;
  attributeOrder?: readonly string[];
  /** The page's kind, for a catalog that does not say how each service is bought; 'company' shows entity types. */
  mode: 'packages' | 'company';
}

/** One package or company service, shown by the rules of package-display.ts. */
export function PackageCard({ service, attributeOrder, mode }: PackageCardProps) {
  const openContactModal = useContactModal();
  const action = serviceAction(service, mode);
  const trial = isPackage(service, mode) ? trialText(service.attributes) : null;
  const entity = mode === 'company' ? entityType(service.title) : null;
  const lines = attributeLines(service.attributes, attributeOrder, entity ? [ENTITY_TYPE_ATTRIBUTE] : []);
  const titleId = `package-${service.id}`;

  return (
    <article className={styles.card} aria-labelledby={titleId}>
      {(entity || trial) && (
        <div className={styles.badges}>
          {entity && <span className={styles.entity}>{entity}</span>}
          {trial && <span className={styles.trial}>{trial}</span>}
        </div>
      )}
      <h3 id={titleId} className={styles.title}>
        {service.title}
      </h3>
      <p className={styles.price}>{service.price}</p>
      {service.description && <p className={styles.description}>{service.description}</p>}
      {lines.length > 0 && (
        <dl className={styles.attributes}>
          {lines.map((line) => (
            <div key={line.name} className={styles.attribute}>
              <dt>{line.name}</dt>
              <dd>{line.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className={styles.action}>
        {action.kind === 'book-call' ? (
          <button
            type="button"
            className={`${buttonStyles.button} ${buttonStyles.secondary}`}
            aria-haspopup="dialog"
            aria-describedby={titleId}
            onClick={() => openContactModal({ mode: 'call', topic: service.title })}
          >
            Book a Call
          </button>
        ) : (
          <ButtonLink to={action.to} aria-describedby={titleId}>
            {action.kind === 'subscribe' ? (
              'Subscribe'
            ) : (
              // 'Start' alone says nothing out of context (search engines' link-text check): the service's
              // name follows for them and for screen readers' link lists.
              <>
                Start<span className="visually-hidden"> {service.title}</span>
              </>
            )}
          </ButtonLink>
        )}
      </div>
    </article>
  );
}
