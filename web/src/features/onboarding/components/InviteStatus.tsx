import { Link } from 'react-router-dom';
import { Alert } from '../../../shared/ui/Alert';
import { ONBOARDING_MESSAGES } from '../questionnaires';
import type { InviteState } from '../invite';
import styles from './Onboarding.module.css';

/** While the code is being checked. */
export function ValidatingInvite() {
  return (
    <p role="status" className={styles.status}>
      {ONBOARDING_MESSAGES.validating}
    </p>
  );
}

/** A link to the questionnaire the code belongs to, when it was opened on the other one's page. */
export function OtherQuestionnaireLink({ state, code }: { state: InviteState; code: string | null }) {
  if (state.status !== 'invalid' || !state.otherRoute || !code) return null;
  return (
    <p>
      <Link to={`${state.otherRoute}?code=${encodeURIComponent(code)}`}>Open the questionnaire for this code</Link>
    </p>
  );
}

/** The bookkeeping page's invalid-code block: the spec's sentence, then 'Details: ...'. */
export function InvalidInvite({ detail }: { detail: string }) {
  return (
    <Alert tone="error">
      <p>
        <strong>{ONBOARDING_MESSAGES.invalidCode}</strong>
      </p>
      <p>Details: {detail}</p>
    </Alert>
  );
}
