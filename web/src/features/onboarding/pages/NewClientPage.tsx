import { useSearchParams } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';
import { useDocumentTitle } from '../../../shared/ui/use-document-title';
import { BookkeepingQuestionnaire } from '../components/BookkeepingQuestionnaire';
import { InvalidInvite, OtherQuestionnaireLink, ValidatingInvite } from '../components/InviteStatus';
import { PageCard } from '../../../shared/ui/PageCard';
import { SupportContact } from '../components/SupportContact';
import { useInvite } from '../hooks/use-invite';
import { codeFromQuery } from '../invite';
import { BOOKKEEPING_TITLE } from '../questionnaires';

const CHECK_TITLE = 'New Client Onboarding';

/**
 * /new-client?code=... (spec part 1, section 2): no sign-in, the invite code is the key. The code is
 * checked first; a valid one opens the bookkeeping questionnaire.
 */
export function NewClientPage() {
  useDocumentTitle(BOOKKEEPING_TITLE);
  const [params] = useSearchParams();
  const code = codeFromQuery(params.get('code'));
  const state = useInvite(code, ROUTES.newClient);

  if (state.status === 'valid') return <BookkeepingQuestionnaire invite={state.invite} />;
  return (
    <PageCard wide title={CHECK_TITLE}>
      {state.status === 'validating' ? (
        <ValidatingInvite />
      ) : (
        <>
          <InvalidInvite detail={state.detail} />
          <OtherQuestionnaireLink state={state} code={code} />
          <SupportContact lead="If you think this is a mistake, or need a new invite code, please" />
        </>
      )}
    </PageCard>
  );
}
