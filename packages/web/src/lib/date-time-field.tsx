import '@mantine/dates/styles.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import { DateTimePicker, type DateTimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import { CHINESE_CALENDAR_LABELS } from './dayjs-locale';
import { type BoundInputProps, useFieldBinding } from './form';

/** The calendar's controls and days named in Chinese (Mantine's defaults are English or unnamed). */
const CALENDAR_ARIA_LABELS = {
  previousMonth: '上个月',
  nextMonth: '下个月',
  monthLevelControl: '选择月份',
  previousYear: '上一年',
  nextYear: '下一年',
  yearLevelControl: '选择年份',
  previousDecade: '上一个十年',
  nextDecade: '下一个十年',
};
const dayLabel = (date: string) => dayjs(date).format('YYYY年M月D日');

/**
 * A date and time bound to the app form, value an instant in epoch ms (the contract's Instant),
 * null while empty. The calendar speaks Chinese and opens below the field, never over what is
 * above it (the page title): it does not flip up, the page scrolls instead. Its own apply button
 * is named 确定.
 */
export function DateTimeField(props: BoundInputProps<DateTimePickerProps>) {
  const { field, name, error, onBlur } = useFieldBinding<number | null>();
  return (
    <DateTimePicker
      valueFormat="YYYY-MM-DD HH:mm"
      {...CHINESE_CALENDAR_LABELS}
      popoverProps={{
        position: 'bottom-start',
        withinPortal: true,
        middlewares: { flip: false, shift: true },
      }}
      ariaLabels={CALENDAR_ARIA_LABELS}
      getDayAriaLabel={dayLabel}
      timePickerProps={{ hoursInputLabel: '时', minutesInputLabel: '分' }}
      submitButtonProps={{ 'aria-label': '确定' }}
      {...props}
      name={name}
      value={field.state.value === null ? null : new Date(field.state.value)}
      onChange={(value) => field.handleChange(value ? dayjs(value).valueOf() : null)}
      onBlur={onBlur}
      error={error}
    />
  );
}
