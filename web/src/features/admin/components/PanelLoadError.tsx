import { Alert } from '../../../shared/ui/Alert';
import { LoadError } from '../../../shared/ui/LoadError';
import { INVITE_MESSAGES, isForbidden } from '../invite-codes';

/** What PanelLoadError reads of an admin panel's list query (react-query's result). */
interface PanelQuery {
  isError: boolean;
  error: unknown;
  refetch(): unknown;
}

/**
 * Why an admin panel's list could not be shown: no access any more (a 403: the stored session still
 * says admin, the server no longer does), or a failure to retry with `message`. Also when the list is
 * still shown from before (a Refresh, a filter or a page that failed): it is out of date, and the
 * admin who asked for it must hear that the asking failed.
 */
export function PanelLoadError({ query, message }: { query: PanelQuery; message: string }) {
  if (!query.isError) return null;
  return isForbidden(query.error) ? (
    <Alert tone="error">{INVITE_MESSAGES.noAccess}</Alert>
  ) : (
    <LoadError message={message} onRetry={() => void query.refetch()} />
  );
}
