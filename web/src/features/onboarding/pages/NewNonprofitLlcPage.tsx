import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { Alert } from '../../../shared/ui/Alert';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { OtherQuestionnaireLink, ValidatingInvite } from '../components/InviteStatus';
import { NonprofitQuestionnaire } from '../components/NonprofitQuestionnaire';
import { PageCard } from '../../../shared/ui/PageCard';
import { SupportContact } from '../components/SupportContact';
import { useInvite } from '../hooks/use-invite';
import { codeFromQuery } from '../invite';
import { NONPROFIT_TITLE } from '../questionnaires';

const CHECK_TITLE = 'Non-Profit LLC Formation';

/**
 * /new-nonprofit-llc?code=... (spec part 1, section 2): the same invite check as /new-client, then the
 * non-profit questionnaire. An invalid code reads 'Error: ...'.
 */
export function NewNonprofitLlcPage() {
  useDocumentTitle(NONPROFIT_TITLE);
  const [params] = useSearchParams();
  const code = codeFromQuery(params.get('code'));
  const state = useInvite(code, ROUTES.newNonprofitLlc);

  if (state.status === 'valid') return <NonprofitQuestionnaire invite={state.invite} />;
  return (
    <PageCard wide title={CHECK_TITLE}>
      {state.status === 'validating' ? (
        <ValidatingInvite />
      ) : (
        <>
          <Alert tone="error">Error: {state.detail}</Alert>
          <OtherQuestionnaireLink state={state} code={code} />
          <SupportContact lead="If you think this is a mistake, or need a new invite code, please" />
        </>
      )}
    </PageCard>
  );
}
