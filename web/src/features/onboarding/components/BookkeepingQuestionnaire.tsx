import { useCallback, useId, useState, type InputHTMLAttributes } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { ValidationIssue } from '../../../shared/validation';
import { Alert } from '../../../shared/ui/Alert';
import { ChoiceGroup } from '../../../shared/ui/ChoiceGroup';
import formStyles from '../../../shared/ui/form.module.css';
import { FormError } from '../../../shared/ui/FormError';
import { SubmitButton } from '../../../shared/ui/SubmitButton';
import { TextField } from '../../../shared/ui/TextField';
import { submitBookkeeping } from '../api';
import { useKeepDraft, useQuestionnaireDraft } from '../hooks/use-questionnaire-draft';
import { useSubmitOnce } from '../hooks/use-submit-once';
import { submitErrorDetails, submittableCode, type InviteRecord } from '../invite';
import {
  BOOKKEEPING_CHOICES,
  BOOKKEEPING_FIELDS,
  BOOKKEEPING_TITLE,
  bookkeepingPayload,
  EMPTY_BOOKKEEPING,
  fieldsClearedBy,
  isBookkeepingFieldShown,
  ONBOARDING_MESSAGES,
  validateBookkeeping,
  type BookkeepingField,
  type BookkeepingValues,
  type ChoiceField,
} from '../questionnaires';
import styles from './Onboarding.module.css';
import { ROUTES } from '../../../shared/routes';
import { PageCard } from '../../../shared/ui/PageCard';
import { SupportContact } from './SupportContact';

// Questions that only follow from an earlier answer, set off under it.
const FOLLOW_UPS: ReadonlySet<BookkeepingField> = new Set([
  'accounting_software_name',
  'add_team_to_software',
  'setup_on_our_system',
  'payroll_provider_name',
]);

// The input of each free-text question.
const TEXT_INPUTS: Partial<Record<BookkeepingField, InputHTMLAttributes<HTMLInputElement> & { hint?: string }>> = {
  company_name: { autoComplete: 'organization' },
  accounting_software_name: { hint: 'QuickBooks Online or Xero, for instance.' },
  bank_accounts_count: { inputMode: 'numeric', hint: 'A number, such as 3.' },
  payroll_provider_name: { hint: 'Gusto or ADP, for instance.' },
  report_email: { type: 'email', autoComplete: 'email' },
};

function isChoice(field: BookkeepingField): field is ChoiceField {
  return field in BOOKKEEPING_CHOICES;
}

/**
 * The 'Bookkeeping Client Onboarding Questionnaire' of /new-client (spec part 1, sections 2-5), for a
 * validated invite. Questions appear and disappear with the answers they follow from; a hidden one is
 * sent empty. Success replaces the form; a failed submit keeps it, with the answers, above the error.
 */
export function BookkeepingQuestionnaire({ invite }: { invite: InviteRecord }) {
  const submission = useSubmitOnce(submitBookkeeping);
  const [issue, setIssue] = useState<ValidationIssue<BookkeepingField> | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const errorId = useId();
  const draft = useQuestionnaireDraft(ROUTES.newClient, invite, EMPTY_BOOKKEEPING);
  const { register, handleSubmit, setFocus, setValue, control, subscribe } = useForm<BookkeepingValues>({
    defaultValues: draft.initial,
  });
  const [accountingSoftwareUse, payrollProvider] = useWatch({
    control,
    name: ['accounting_software_use', 'payroll_provider'],
  });
  const answers = { accounting_software_use: accountingSoftwareUse, payroll_provider: payrollProvider };
  const focusOnMount = useCallback((element: HTMLDivElement | null) => element?.focus(), []);

  useKeepDraft(draft, subscribe, submission.isSuccess);

  const submit = handleSubmit((values) => {
    if (submission.isPending) return;
    const problem = validateBookkeeping(values);
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
    submission.submit(code, bookkeepingPayload(values));
  });

  if (submission.isSuccess) {
    return (
      <PageCard wide title={BOOKKEEPING_TITLE} bodyRef={focusOnMount}>
        <Alert tone="success">
          <p>{ONBOARDING_MESSAGES.bookkeepingSuccess}</p>
          <p>{ONBOARDING_MESSAGES.bookkeepingNextSteps}</p>
        </Alert>
      </PageCard>
    );
  }

  function registerAnswer(field: BookkeepingField) {
    return register(field, {
      onChange: (event: { target: { value: string } }) => {
        for (const cleared of fieldsClearedBy(field, event.target.value)) setValue(cleared, '');
      },
    });
  }

  const error = issue?.message ?? formError;
  return (
    <PageCard
      wide
      title={BOOKKEEPING_TITLE}
      intro="Tell us about your business and how you keep your books, so that we can prepare for our first call. Questions marked * are required."
    >
      <form className={formStyles.form} onSubmit={submit} noValidate aria-label={BOOKKEEPING_TITLE}>
        {BOOKKEEPING_FIELDS.filter(({ field }) => isBookkeepingFieldShown(field, answers)).map(
          ({ field, question, required, maxLength }) => {
            const className = FOLLOW_UPS.has(field) ? styles.followUp : undefined;
            const invalid = issue?.field === field;
            const describedBy = invalid ? errorId : undefined;
            if (isChoice(field)) {
              return (
                <ChoiceGroup
                  key={field}
                  question={question}
                  options={BOOKKEEPING_CHOICES[field]}
                  required={required}
                  requiredMark={required}
                  invalid={invalid}
                  describedBy={describedBy}
                  className={className}
                  registration={registerAnswer(field)}
                />
              );
            }
            const { hint, ...input } = TEXT_INPUTS[field] ?? {};
            return (
              <TextField
                key={field}
                label={question}
                hint={hint}
                required={required}
                maxLength={maxLength}
                requiredMark={required}
                invalid={invalid}
                describedBy={describedBy}
                className={className}
                {...input}
                {...registerAnswer(field)}
              />
            );
          },
        )}

        <FormError id={errorId} message={error} />
        {submission.isError && (
          <Alert tone="error">
            <p>
              <strong>{ONBOARDING_MESSAGES.submissionFailed}</strong>
            </p>
            <ul className={styles.list}>
              {submitErrorDetails(submission.error).map((detail) => (
                <li key={detail}>{detail}</li>
              ))}
            </ul>
            <SupportContact lead="If the problem persists, please" />
          </Alert>
        )}
        <SubmitButton block busy={submission.isPending} busyLabel={ONBOARDING_MESSAGES.submitting}>
          Submit
        </SubmitButton>
      </form>
    </PageCard>
  );
}
