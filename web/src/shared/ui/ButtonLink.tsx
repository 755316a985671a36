import { Link, type LinkProps } from 'react-router-dom';
import styles from './button.module.css';

interface ButtonLinkProps extends LinkProps {
  variant?: 'primary' | 'secondary';
}

/** A link that looks like a button: navigation stays a link for assistive technology and middle-click. */
export function ButtonLink({ variant = 'primary', className, ...props }: ButtonLinkProps) {
  const classes = [styles.button, styles[variant], className].filter(Boolean).join(' ');
  return <Link {...props} className={classes} />;
}
