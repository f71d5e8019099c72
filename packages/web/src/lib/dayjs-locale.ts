import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Chinese month and weekday names for every dayjs formatting in the app.
// Date-using modules import this file (shared/format, the date field), so it loads with the first
// page that shows a date and never with the login page.
dayjs.locale('zh-cn');
