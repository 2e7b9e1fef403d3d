import { Link, type LinkProps } from 'react-router';
import { buttonStyles, type ButtonVariant } from './button';

/** A link that looks like a button. */
export function ButtonLink({ variant, className, ...props }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={buttonStyles(variant, className)} {...props} />;
}
