import { siteConfig } from '../../../shared/config';

/** "{lead} contact support at {e-mail}." with the e-mail as a mailto link. */
export function SupportContact({ lead }: { lead: string }) {
  const email = siteConfig.supportEmail;
  return (
    <p>
      {lead} contact support at <a href={`mailto:${email}`}>{email}</a>.
    </p>
  );
}
