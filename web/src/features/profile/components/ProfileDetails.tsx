import { addressLines, type Profile } from '../profile';
import styles from './PersonalInformation.module.css';

/** The read-only view of Personal Information. */
export function ProfileDetails({ profile }: { profile: Profile }) {
  const address = addressLines(profile.address);
  return (
    <dl className={styles.details}>
      <Detail label="First name" value={profile.first_name} />
      <Detail label="Last name" value={profile.last_name} />
      <Detail label="Email" value={profile.email} />
      <Detail label="Phone" value={profile.phone} />
      <Detail label="Company" value={profile.company} />
      <Detail label="Job title" value={profile.job_title} />
      <div className={`${styles.detail} ${styles.wide}`}>
        <dt>Address</dt>
        <dd>
          {address.length > 0 ? (
            address.map((line, index) => (
              <span key={index}>
                {line}
                <br />
              </span>
            ))
          ) : (
            <span className={styles.empty}>Not provided</span>
          )}
        </dd>
      </div>
    </dl>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className={styles.detail}>
      <dt>{label}</dt>
      <dd>{value.trim() ? value : <span className={styles.empty}>Not provided</span>}</dd>
    </div>
  );
}
