import { BRAND_NAME } from '../../../shared/brand';
import { uploaderBadge } from '../files';
import styles from './Documents.module.css';

/** The uploader column: the firm's logo for 'rk-' files, else the initials (spec part 2, section 6). */
export function Uploader({ path, initials }: { path: string; initials: string }) {
  const badge = uploaderBadge(path, initials);
  if (badge.kind === 'logo') {
    return <img className={styles.logo} src="/favicon.svg" alt={BRAND_NAME} width={32} height={32} />;
  }
  return (
    <span className={styles.initials} title={`Uploaded by ${badge.initials}`}>
      {badge.initials}
    </span>
  );
}
