import type { UseFormRegister } from 'react-hook-form';
import formStyles from '../../../shared/ui/form.module.css';
import { SelectField } from '../../../shared/ui/SelectField';
import { TextField } from '../../../shared/ui/TextField';
import { COUNTRIES } from '../../profile/profile';
import type { BillingDetailsValues, BillingErrors, BillingField, RequiredField } from '../checkout';
import styles from './Billing.module.css';

interface BillingDetailsFieldsProps {
  register: UseFormRegister<BillingDetailsValues>;
  errors: BillingErrors;
  /** Editing a field clears its error. */
  onEdit(field: BillingField): void;
  /** The signed-in user's e-mail: the field is locked to it. */
  lockedEmail: string | null;
  /** Fields marked required; all of them unless a form says otherwise. */
  required: readonly RequiredField[];
  disabled?: boolean;
}

/** Name, e-mail, phone and address of the cardholder (spec part 2, section 5). */
export function BillingDetailsFields({
  register,
  errors,
  onEdit,
  lockedEmail,
  required,
  disabled,
}: BillingDetailsFieldsProps) {
  const field = (name: BillingField, label: string, props: Record<string, unknown> = {}) => {
    const errorId = `billing-${name}-error`;
    const isRequired = (required as readonly string[]).includes(name);
    return (
      <>
        <TextField
          label={label}
          requiredMark={isRequired}
          aria-required={isRequired || undefined}
          invalid={Boolean(errors[name])}
          describedBy={errors[name] ? errorId : undefined}
          disabled={disabled}
          {...props}
          {...register(name, { onChange: () => onEdit(name) })}
        />
        {errors[name] && (
          <p id={errorId} className={styles.fieldError}>
            {errors[name]}
          </p>
        )}
      </>
    );
  };
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={styles.legend}>Billing details</legend>
      {field('name', 'Full name', { autoComplete: 'name' })}
      {field('email', 'Email', {
        type: 'email',
        autoComplete: 'email',
        readOnly: Boolean(lockedEmail),
        hint: lockedEmail ? 'The e-mail of your account: receipts are sent there.' : undefined,
      })}
      {field('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
      {field('line1', 'Street address', { autoComplete: 'address-line1' })}
      {field('line2', 'Apartment, suite, etc. (optional)', { autoComplete: 'address-line2' })}
      <div className={formStyles.row}>
        <div className={formStyles.field}>{field('city', 'City', { autoComplete: 'address-level2' })}</div>
        <div className={formStyles.field}>{field('state', 'State / Province', { autoComplete: 'address-level1' })}</div>
      </div>
      <div className={formStyles.row}>
        <div className={formStyles.field}>
          {field('postal_code', 'ZIP / Postal code', { autoComplete: 'postal-code' })}
        </div>
        <SelectField
          label="Country"
          autoComplete="country"
          {...register('country', { onChange: () => onEdit('country') })}
        >
          {COUNTRIES.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </SelectField>
      </div>
    </fieldset>
  );
}
