import { siteConfig } from '../../shared/config';
import styles from './Footer.module.css';

// Neutral marks of our own (a letter in a circle), not the networks' logos.
const MARKS: Record<string, string> = { LinkedIn: 'in', X: 'X', Facebook: 'f', Instagram: 'ig', YouTube: 'yt' };

/** The firm's social profiles, from configuration; none configured, none shown. */
export function SocialLinks() {
  if (siteConfig.socialLinks.length === 0) return null;
  return (
    <ul className={styles.social} aria-label="Social media">
      {siteConfig.socialLinks.map((link) => (
        <li key={link.network}>
          <a href={link.url} className={styles.socialLink} target="_blank" rel="noopener noreferrer me">
            <span aria-hidden="true">{MARKS[link.network] ?? link.network.charAt(0)}</span>
            <span className="visually-hidden">{link.network} (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
