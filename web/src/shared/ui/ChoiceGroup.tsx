import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import styles from './form.module.css';

interface ChoiceGroupProps {
  /** The question, as the group's legend. */
  question: string;
  options: readonly string[];
  required?: boolean;
  /** A '*' after the question, for forms that say "Questions marked * are required". */
  requiredMark?: boolean;
  /** The form's error message is about this question. */
  invalid?: boolean;
  /** Ids of elements describing the question: the form's error message. */
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
  requiredMark,
  invalid,
  describedBy,
  className,
  registration,
}: ChoiceGroupProps) {
  const id = useId();
  const legendId = `${id}-legend`;
  const classes = [styles.choices, requiredMark && styles.requiredMark, className].filter(Boolean).join(' ');
  // A radiogroup (named by its legend) rather than a plain group: it can say it is required and invalid.
  return (
    <fieldset
      role="radiogroup"
      className={classes}
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
