import type { ReactNode } from 'react';
import styles from './Alert.module.css';

interface AlertProps {
  tone: 'error' | 'success' | 'info';
  children: ReactNode;
  id?: string;
  className?: string;
}

/**
 * A message about the page or the last action. Errors are announced at once (role=alert); successes and
 * notes politely (role=status), so they do not interrupt what the screen reader is saying.
 */
export function Alert({ tone, children, id, className }: AlertProps) {
  return (
    <div
      id={id}
      role={tone === 'error' ? 'alert' : 'status'}
      className={[styles.alert, styles[tone], className].filter(Boolean).join(' ')}
    >
      <div>{children}</div>
    </div>
  );
}
