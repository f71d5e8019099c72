import '@mantine/dates/styles.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { CHINESE_CALENDAR_LABELS } from '@/lib/dayjs-locale';
import { type BoundInputProps, useFieldBinding } from '@/lib/form';

/**
 * A calendar date bound to the app form, value 'YYYY-MM-DD' ('' when empty),
 * the contract's DateString. Typing the date works as well as picking it.
 * The calendar speaks Chinese ("2026年11月", 一 … 日) and opens below the field, never over
 * what is above it (the page title): it does not flip up, the page scrolls instead.
 */
export function DateField(props: BoundInputProps<DateInputProps>) {
  const { field, name, error, onBlur } = useFieldBinding<string>();
  return (
    <DateInput
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      {...CHINESE_CALENDAR_LABELS}
      popoverProps={{
        position: 'bottom-start',
        withinPortal: true,
        middlewares: { flip: false, shift: true },
      }}
      {...props}
      name={name}
      value={field.state.value || null}
      onChange={(value) => field.handleChange(value ?? '')}
      onBlur={onBlur}
      error={error}
    />
  );
}
