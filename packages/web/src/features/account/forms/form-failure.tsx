import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/shared/error-notifications';
import classes from './form-failure.module.css';

/**
 * The server's reason a login step failed, right above the button. Plain
 * markup (Mantine's Alert brings CloseButton along, weight /account can't spare).
 */
export function FormFailure({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className={classes.root} role="alert">
      <IconAlertCircle size={18} aria-hidden className={classes.icon} />
      <span>{errorMessage(error)}</span>
    </div>
  );
}
