import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '../../../shared/ui/Alert';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { useFormIssue } from '../../../shared/ui/use-form-issue';
import { submitNonprofit } from '../api';
import { useKeepDraft, useQuestionnaireDraft } from '../hooks/use-questionnaire-draft';
import { useSubmitOnce } from '../hooks/use-submit-once';
import { submitErrorDetail, submittableCode, type InviteRecord } from '../invite';
import {
  EMPTY_NONPROFIT,
  NONPROFIT_FIELDS,
  NONPROFIT_TITLE,
  nonprofitPayload,
  ONBOARDING_MESSAGES,
  validateNonprofit,
  type NonprofitField,
  type NonprofitValues,
} from '../questionnaires';
import { ROUTES } from '../../../shared/routes';
import { PageCard } from '../../../shared/ui/PageCard';

const HINTS: Partial<Record<NonprofitField, string>> = {
  ein_number: 'Optional. 9 digits, as in 12-3456789.',
  state_of_formation: 'The US state where the LLC is, or will be, formed.',
};

/**
 * The 'Non-Profit LLC Formation Questionnaire' of /new-nonprofit-llc (spec part 1, sections 2-5), for
 * a validated invite. A failed submit shows 'Submission Error: ...' and keeps the answers.
 */
export function NonprofitQuestionnaire({ invite }: { invite: InviteRecord }) {
  const submission = useSubmitOnce(submitNonprofit);
  const [formError, setFormError] = useState<string | null>(null);
  // One message for the form: its check's, else why it could not be sent, which every field is described by.
  const { setIssue, error, errorId, fieldIssue } = useFormIssue<NonprofitField>(
    formError ?? (submission.isError ? `Submission Error: ${submitErrorDetail(submission.error)}` : null),
  );
  const draft = useQuestionnaireDraft(ROUTES.newNonprofitLlc, invite, EMPTY_NONPROFIT);
  const { register, handleSubmit, setFocus, subscribe } = useForm<NonprofitValues>({ defaultValues: draft.initial });
  const focusOnMount = useCallback((element: HTMLDivElement | null) => element?.focus(), []);

  useKeepDraft(draft, subscribe, submission.isSuccess);

  const submit = handleSubmit((values) => {
    if (submission.isPending) return;
    const problem = validateNonprofit(values);
    setIssue(problem);
    setFormError(null);
    if (problem) {
      setFocus(problem.field);
      return;
    }
    const code = submittableCode(invite);
    if (!code) {
      setFormError(ONBOARDING_MESSAGES.codeDataMissing);
      return;
    }
    submission.reset();
    submission.submit(code, nonprofitPayload(values));
  });

  if (submission.isSuccess) {
    return (
      <PageCard wide title={NONPROFIT_TITLE} bodyRef={focusOnMount}>
        <Alert tone="success">{ONBOARDING_MESSAGES.nonprofitSuccess}</Alert>
      </PageCard>
    );
  }

  return (
    <PageCard
      wide
      title={NONPROFIT_TITLE}
      intro="Tell us about the non-profit LLC you are forming. Questions marked * are required."
    >
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label={NONPROFIT_TITLE}>
        {NONPROFIT_FIELDS.map(({ field, question, required, maxLength }) => (
          <TextField
            key={field}
            label={question}
            hint={HINTS[field]}
            required={required}
            maxLength={maxLength}
            autoComplete={field === 'non_profit_name' ? 'organization' : 'off'}
            {...fieldIssue(field)}
            requiredMark={required}
            {...register(field)}
          />
        ))}
        <FormError id={errorId} message={error} />
        <SubmitButton block busy={submission.isPending} busyLabel={ONBOARDING_MESSAGES.submitting}>
          Submit
        </SubmitButton>
      </form>
    </PageCard>
  );
}
