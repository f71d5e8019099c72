import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

// Chinese month and weekday names for every dayjs formatting in the app.
// Date-using modules import this file; main.tsx also loads it right after boot.
dayjs.locale('zh-cn');
