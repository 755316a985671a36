import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './Onboarding.module.css';

interface ChoiceGroupProps {
  question: string;
  options: readonly string[];
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
  /** react-hook-form's `register(...)` of the field, shared by every option. */
  registration: UseFormRegisterReturn;
}

/** A question answered by one of a few options: radio buttons in a fieldset named by the question. */
export function ChoiceGroup({
  question,
  options,
  required,
  invalid,
  describedBy,
  className,
  registration,
}: ChoiceGroupProps) {
  const id = useId();
  const legendId = `${id}-legend`;
  // A radiogroup (named by its legend) rather than a plain group: it can say it is required and invalid.
  return (
    <fieldset
      role="radiogroup"
      className={[styles.choices, required && styles.required, className].filter(Boolean).join(' ')}
      aria-labelledby={legendId}
      aria-required={required || undefined}
      aria-invalid={invalid || undefined}
      aria-describedby={describedBy}
    >
      <legend id={legendId}>{question}</legend>
      <div className={styles.options}>
        {options.map((option) => (
          <label key={option} className={styles.option}>
            <input type="radio" value={option} {...registration} />
            {option}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
