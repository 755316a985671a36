import { Alert } from '../../../shared/ui/Alert';
import { LoadError } from '../../../shared/ui/LoadError';
import { INVITE_MESSAGES, isForbidden } from '../invite-codes';

/**
 * Why an admin panel's list could not be shown: no access any more (a 403: the stored session still
 * says admin, the server no longer does), or a failure to retry with `message`.
 */
export function PanelLoadError({ error, message, onRetry }: { error: unknown; message: string; onRetry(): void }) {
  return isForbidden(error) ? (
    <Alert tone="error">{INVITE_MESSAGES.noAccess}</Alert>
  ) : (
    <LoadError message={message} onRetry={onRetry} />
  );
}
