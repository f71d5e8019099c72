import type { TeacherWorkPassRateV2, TmsStatisticsCourseResponse } from '@dfrm/sdk/tms';
import { Text } from '@mantine/core';
import { formatInstant } from '@/shared/format';
import { FIGURE_LABELS, formatRate, formatScore, percentOf } from '@/features/homework/stats-format';
import { ChartFigure } from '@/components/chart/chart-figure';
import type { ChartSeriesSpec } from '@/components/chart/chart-spec';

type CourseWork = TmsStatisticsCourseResponse['works'][number];

/** Each class's pass count of its graded works: 1班 50%（1/2）. */
function classPassRates(passRate: TeacherWorkPassRateV2 | undefined): string {
  if (!passRate || passRate.byClass.length < 2) return '';
  return passRate.byClass
    .map((item) =>
      item.scoredNum === 0
        ? `${item.teachingClassName} —`
        : `${item.teachingClassName} ${formatRate(item.passRate)}（${item.passNum}/${item.scoredNum}）`,
    )
    .join('；');
}

/**
 * The course's published works side by side: 提交率, 平均得分率 and (for its teacher) 及格率
 * in percent, with the works listed under the chart (average in points, each class's pass rate).
 */
export function CourseWorksChart({
  works,
  passRates,
  compact = false,
}: {
  works: readonly CourseWork[];
  /** getCourseWorkPassRateV2, when the caller may see it (teachers). */
  passRates?: readonly TeacherWorkPassRateV2[] | undefined;
  /** A smaller chart whose table is for screen readers only (above another list). */
  compact?: boolean;
}) {
  const passOf = new Map(passRates?.map((item) => [item.workId, item]));
  const withPass = passRates !== undefined;
  const byClass = withPass && passRates.some((item) => item.byClass.length > 1);
  const series: ChartSeriesSpec[] = [
    { name: 'submitRate', label: FIGURE_LABELS.submitRate, color: 'blue.6' },
    { name: 'scoreRate', label: FIGURE_LABELS.averageScoreRate, color: 'teal.6' },
    ...(withPass ? [{ name: 'passRate', label: FIGURE_LABELS.passRate, color: 'orange.6' }] : []),
  ];
  const data = works.map((work) => {
    const pass = passOf.get(work.workId);
    return {
      title: work.title,
      submitRate: work.submitRate === null ? null : percentOf(work.submitRate),
      scoreRate: work.averageScore === null ? null : percentOf(work.averageScore / work.totalScore),
      passRate: pass && pass.scoredNum > 0 ? percentOf(pass.passRate) : null,
    };
  });
  const head = [
    '作业',
    '截止时间',
    '满分',
    FIGURE_LABELS.submitRate,
    `${FIGURE_LABELS.averageScore}（${FIGURE_LABELS.averageScoreRate}）`,
    ...(withPass ? [FIGURE_LABELS.passRate] : []),
    ...(byClass ? ['各教学班及格率'] : []),
  ];
  return (
    <ChartFigure
      caption={withPass ? '各作业的提交率、平均得分率与及格率' : '各作业的提交率与平均得分率'}
      spec={{ type: 'bar', data, dataKey: 'title', series, unit: '%' }}
      tableVisible={!compact}
      height={compact ? 180 : 240}
      table={{
        head,
        rows: works.map((work) => {
          const pass = passOf.get(work.workId);
          const average =
            work.averageScore === null
              ? '—'
              : `${formatScore(work.averageScore)}（${formatRate(
                  Math.round((work.averageScore / work.totalScore) * 1000) / 1000,
                )}）`;
          return {
            key: work.workId,
            cells: [
              work.title,
              formatInstant(work.endTime),
              work.totalScore,
              formatRate(work.submitRate),
              average,
              ...(withPass
                ? [
                    pass && pass.scoredNum > 0
                      ? `${formatRate(pass.passRate)}（${pass.passNum}/${pass.scoredNum}）`
                      : '—',
                  ]
                : []),
              ...(byClass
                ? [
                    <Text key="classes" size="xs" span>
                      {classPassRates(pass) || '—'}
                    </Text>,
                  ]
                : []),
            ],
          };
        }),
      }}
    />
  );
}
