import '@mantine/dates/styles.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import '@/lib/dayjs-locale';
import { type BoundInputProps, useFieldBinding } from '@/lib/form';

/**
 * A calendar date bound to the app form, value 'YYYY-MM-DD' ('' when empty),
 * the contract's DateString. Typing the date works as well as picking it.
 */
export function DateField(props: BoundInputProps<DateInputProps>) {
  const { field, name, error, onBlur } = useFieldBinding<string>();
  return (
    <DateInput
      valueFormat="YYYY-MM-DD"
      placeholder="YYYY-MM-DD"
      {...props}
      name={name}
      value={field.state.value || null}
      onChange={(value) => field.handleChange(value ?? '')}
      onBlur={onBlur}
      error={error}
    />
  );
}
