import { siteConfig } from '../../shared/config';
import styles from './Footer.module.css';

/**
 * The trust-review badge's slot: the configured badge page in a sandboxed frame that loads when it
 * nears the viewport. Without configuration the slot is empty and nothing is requested.
 */
export function ReviewBadge() {
  if (!siteConfig.reviewBadgeUrl) return null;
  return (
    <iframe
      className={styles.badge}
      src={siteConfig.reviewBadgeUrl}
      title="Customer reviews"
      loading="lazy"
      sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="strict-origin-when-cross-origin"
    />
  );
}
