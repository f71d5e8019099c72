import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Chinese month and weekday names for every dayjs formatting in the app.
// Date-using modules import this file (shared/format, the date field), so it loads with the first
// page that shows a date and never with the login page.
dayjs.locale('zh-cn');

/**
 * How a Mantine date picker labels its calendar in Chinese: "2026年11月" over the days, not the
 * "十一月 2026" that the locale's month names in Mantine's "MMMM YYYY" give. The weekdays ("一" … "日")
 * and the month list ("11月") come from the zh-cn locale with DatesProvider's locale 'zh-cn' (app.tsx).
 * Spread into every DatePicker / DateInput (see features/teaching-class/forms/date-field.tsx).
 */
export const CHINESE_CALENDAR_LABELS = {
  monthLabelFormat: 'YYYY年M月',
  yearLabelFormat: 'YYYY年',
  decadeLabelFormat: (start: string, end: string) => `${start.slice(0, 4)}年 – ${end.slice(0, 4)}年`,
  monthsListFormat: 'M月',
  yearsListFormat: 'YYYY年',
} as const;
