// The words and number formats of every homework figure (README, "Figures"): a student work is
// one per student (one per team); 已提交 means waiting for grading or graded; 迟交 means the last
// hand-in came after the deadline; scores are final scores after the late penalty; 及格 means at
// least 60 % of the total. Every statistics page names its figures with these labels.

export const FIGURE_LABELS = {
  expected: '应交',
  submitted: '已提交',
  unsubmitted: '未提交',
  late: '迟交',
  graded: '已批改',
  waiting: '待批改',
  submitRate: '提交率',
  averageScore: '平均分',
  averageScoreRate: '平均得分率',
  passRate: '及格率',
  activeStudents: '活跃学生',
  dailySubmitted: '提交份数',
} as const;

/** Explains the figures once per page, in the words the server counts by. */
export const FIGURES_NOTE =
  '已提交含待批改和已批改；分数均为扣除迟交扣分后的最终得分；得分率 = 最终得分 ÷ 满分；及格为最终得分不低于满分的 60%。';

// The rate and score formats are every statistics page's (shared/format.ts).
export { formatRate, formatScore, percentOf } from '@/shared/format';

/** 45 → 45 分钟, 125 → 2 小时 5 分钟. */
export function formatMinutes(minutes: number): string {
  if (minutes < 60) return `${minutes} 分钟`;
  const rest = minutes % 60;
  return rest ? `${Math.floor(minutes / 60)} 小时 ${rest} 分钟` : `${minutes / 60} 小时`;
}

/** 2026-03-02 → 3月2日, for chart axes and tables of days. */
export function formatDay(day: string): string {
  const [, month, date] = day.split('-');
  return `${Number(month)}月${Number(date)}日`;
}

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Today's date in China (the server counts days in UTC+8), YYYY-MM-DD. */
export function chinaToday(now = Date.now()): string {
  return new Date(now + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The day `days` after `day` (before, when negative), YYYY-MM-DD. */
export function shiftDay(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The last 30 days up to today (China), as the student data page opens. */
export function lastThirtyDays(now = Date.now()): { startDate: string; endDate: string } {
  const endDate = chinaToday(now);
  return { startDate: shiftDay(endDate, -29), endDate };
}
