import type { TmsStatisticsCourseResponse } from '@dfrm/sdk/tms';
import { FIGURE_LABELS, formatRate, percentOf } from '@/features/homework/stats-format';
import { ChartFigure } from '@/components/chart/chart-figure';
import { type Figure, FigureList } from './figure-list';

type CourseStatistics = TmsStatisticsCourseResponse;

/** A course's headline figures (tmsStatisticsCourse): students, classes, works, 提交率, 平均得分率. */
export function courseFigures(course: CourseStatistics): Figure[] {
  return [
    { label: '学生', value: course.studentCount },
    { label: '教学班', value: course.teachingClassCount },
    { label: '已发布作业', value: course.workCount },
    { label: FIGURE_LABELS.submitRate, value: formatRate(course.workSubmitRate), note: '已提交 ÷ 应交' },
    {
      label: FIGURE_LABELS.averageScoreRate,
      value: formatRate(course.averageWorkScoreRate),
      note: '已批改作业的最终得分 ÷ 满分',
    },
  ];
}

export function CourseFigures({ course, compact = false }: { course: CourseStatistics; compact?: boolean }) {
  return <FigureList figures={courseFigures(course)} cols={{ base: 2, sm: 3, md: 5 }} compact={compact} />;
}

/** The course's teaching classes compared: 提交率 and 平均得分率 of each. */
export function CourseClassesChart({
  classes,
  compact = false,
}: {
  classes: CourseStatistics['classes'];
  compact?: boolean;
}) {
  return (
    <ChartFigure
      caption="各教学班的提交率与平均得分率"
      height={compact ? 180 : 220}
      tableVisible={!compact}
      spec={{
        type: 'bar',
        dataKey: 'className',
        unit: '%',
        series: [
          { name: 'submitRate', label: FIGURE_LABELS.submitRate, color: 'blue.6' },
          { name: 'scoreRate', label: FIGURE_LABELS.averageScoreRate, color: 'teal.6' },
        ],
        data: classes.map((item) => ({
          className: item.className,
          submitRate: item.workSubmitRate === null ? null : percentOf(item.workSubmitRate),
          scoreRate: item.averageWorkScoreRate === null ? null : percentOf(item.averageWorkScoreRate),
        })),
      }}
      table={{
        head: ['教学班', '学生', FIGURE_LABELS.submitRate, FIGURE_LABELS.averageScoreRate],
        rows: classes.map((item) => ({
          key: item.teachingClassId,
          cells: [
            item.className,
            item.studentCount,
            formatRate(item.workSubmitRate),
            formatRate(item.averageWorkScoreRate),
          ],
        })),
      }}
    />
  );
}
