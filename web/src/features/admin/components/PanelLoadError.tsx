import { Alert } from '../../../shared/ui/Alert';
import { type LoadableQuery, QueryLoadError } from '../../../shared/ui/LoadError';
import { INVITE_MESSAGES, isForbidden } from '../invite-codes';

/**
 * Why an admin panel's list could not be shown: no access any more (a 403: the stored session still
 * says admin, the server no longer does), or a failure to retry with `message`. Also when the list is
 * still shown from before (a Refresh, a filter or a page that failed): it is out of date, and the
 * admin who asked for it must hear that the asking failed.
 */
export function PanelLoadError({ query, message }: { query: LoadableQuery & { error: unknown }; message: string }) {
  return query.isError && isForbidden(query.error) ? (
    <Alert tone="error">{INVITE_MESSAGES.noAccess}</Alert>
  ) : (
    <QueryLoadError query={query} message={message} />
  );
}
