import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import type { CourseGroupV2, CourseSummary, GroupPreview, StudentBrief, WorkGroupType } from '@dfrm/sdk/tms';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  Group,
  List,
  NumberInput,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconArrowsShuffle, IconLock } from '@tabler/icons-react';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { type ReactNode, useId, useMemo, useReducer, useState } from 'react';
import { LoadError } from '@/components/feedback/load-error';
import { BackLink } from '@/components/page/back-link';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { firstErrorMessage, useAppForm } from '@/lib/form';
import {
  type GroupPreviewRequest,
  previewGroupsMutation,
  saveGroupSetMutation,
} from '@/features/homework/api/group-mutations';
import {
  courseGroupSetsQuery,
  courseRosterQuery,
  groupCoursesQuery,
  groupMembersQuery,
} from '@/features/homework/api/group-queries';
import { lockReason } from '@/features/homework/components/group-set-card';
import { TeamBoard } from '@/features/homework/components/team-board';
import {
  boardOf,
  boardProblems,
  boardReducer,
  type DraftTeam,
  type Pupil,
} from '@/features/homework/components/team-board-state';
import {
  groupSetNameSchema,
  maxMembersSchema,
  previewNumberError,
} from '@/features/homework/forms/group-set-schemas';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { GroupSetFormSkeleton } from '@/features/homework/pages/work-groups-skeleton';
import { errorMessage } from '@/shared/error-notifications';
import { WORK_GROUP_TYPE_LABELS } from '@/shared/labels';
import { useSchoolId } from '@/shared/session/current-school-id';
import type { TeachingArea } from '@/shared/teaching-area';

export interface GroupSetEditPageProps {
  area: TeachingArea;
  courseId: string;
  /** Editing this set of the course; a new set without it. */
  workGroupId?: string | undefined;
  /** Where saving and 取消 lead (the class page it was opened from); the group list without it. */
  returnTo?: string | undefined;
}

type TypeValue = '0' | '1' | '2';
const TYPE_CHOICES = ([1, 0, 2] as const).map((type) => ({
  value: String(type) as TypeValue,
  label: WORK_GROUP_TYPE_LABELS[type],
}));
const TYPE_HELP: Record<TypeValue, string> = {
  '0': '由你建立小组并逐个安排学生、指定组长。',
  '1': '按教学班随机（或按学号）分组，预览后可以调整，再保存。',
  '2': '学生在作业中自行组队：一名同学创建小组并选择同学入组，每组不超过人数上限，截止后不能再组队。这里不必建立小组。',
};

const toPupil = (
  student: Pick<StudentBrief, 'studentId' | 'studentName' | 'studentNumber' | 'className'>,
) => ({
  studentId: student.studentId,
  studentName: student.studentName,
  studentNumber: student.studentNumber,
  className: student.className,
});

/** 新建分组 / 编辑分组: a course's group set, its type and size limit, and its teams. */
export function GroupSetEditPage({ area, courseId, workGroupId, returnTo }: GroupSetEditPageProps) {
  const schoolId = useSchoolId();
  const { data: courses } = useSuspenseQuery(groupCoursesQuery(schoolId));
  const course = courses.find((item) => item.courseId === courseId);
  const paths = HOMEWORK_PATHS[area];
  const back = (
    <Anchor
      size="sm"
      c="dimmed"
      renderRoot={(props) =>
        returnTo ? (
          <BackLink {...props} href={returnTo} />
        ) : (
          <Link {...props} to={paths.grouping} search={course ? { courseId } : {}} />
        )
      }
    >
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {returnTo ? '返回课程' : '返回作业分组'}
      </Group>
    </Anchor>
  );
  const frame = (title: string, body: ReactNode) => (
    <Container size="xl" py="md">
      <Stack gap="lg">
        <div>
          {back}
          <Title order={1} fz="h2" mt="xs">
            {title}
          </Title>
          {course ? (
            <Text size="sm" c="dimmed" mt={4}>
              课程：{course.courseName}
            </Text>
          ) : null}
        </div>
        {body}
      </Stack>
    </Container>
  );

  if (!course) {
    return frame(
      workGroupId ? '编辑分组' : '新建分组',
      <Alert color="orange" title="课程不存在或您无权查看">
        这门课程可能已被删除，或者不是你任教的课程。请从“作业分组”选择课程。
      </Alert>,
    );
  }
  const common = { area, schoolId, course, returnTo };
  return workGroupId
    ? frame('编辑分组', <ExistingSet {...common} workGroupId={workGroupId} />)
    : frame('新建分组', <NewSet {...common} />);
}

interface EditorContext {
  area: TeachingArea;
  schoolId: string;
  course: CourseSummary;
  returnTo: string | undefined;
}

function NewSet(props: EditorContext) {
  const roster = useQuery(courseRosterQuery(props.schoolId, props.course.courseId));
  if (roster.isPending) return <GroupSetFormSkeleton />;
  if (roster.isError) {
    return <LoadError title="课程学生加载失败" error={roster.error} onRetry={() => void roster.refetch()} />;
  }
  return <GroupSetForm {...props} set={null} initialTeams={[]} basePeople={roster.data.map(toPupil)} />;
}

function ExistingSet(props: EditorContext & { workGroupId: string }) {
  const { schoolId, course, workGroupId } = props;
  const sets = useQuery(courseGroupSetsQuery(schoolId, course.courseId));
  const members = useQuery(groupMembersQuery(schoolId, workGroupId));
  const set = sets.data?.find((item) => item.workGroupId === workGroupId);
  const data = members.data;
  const initialTeams = useMemo<Omit<DraftTeam, 'key'>[]>(
    () =>
      (data?.teams ?? []).map((team) => ({
        groupName: team.groupName,
        leaderStudentId: team.leaderStudentId,
        studentIds: team.members.map((member) => member.studentId),
      })),
    [data],
  );
  const basePeople = useMemo(
    () => [
      ...(data?.teams ?? []).flatMap((team) => team.members.map(toPupil)),
      ...(data?.ungrouped ?? []).map(toPupil),
    ],
    [data],
  );
  if (sets.isError || members.isError) {
    return (
      <LoadError
        title="分组方案加载失败"
        error={sets.error ?? members.error}
        onRetry={() => {
          void sets.refetch();
          void members.refetch();
        }}
      />
    );
  }
  if (sets.isPending || members.isPending) return <GroupSetFormSkeleton />;
  if (!set) {
    return (
      <Alert color="orange" title="分组方案不存在">
        这个分组方案不属于这门课程，或已被删除。
      </Alert>
    );
  }
  return (
    <GroupSetForm
      key={set.workGroupId}
      {...props}
      set={set}
      initialTeams={initialTeams}
      basePeople={basePeople}
    />
  );
}

function randomSeed(): number {
  return Math.floor(Math.random() * 2_147_483_647);
}

function GroupSetForm({
  area,
  schoolId,
  course,
  returnTo,
  set,
  initialTeams,
  basePeople,
}: EditorContext & {
  set: CourseGroupV2 | null;
  initialTeams: Omit<DraftTeam, 'key'>[];
  basePeople: Pupil[];
}) {
  const paths = HOMEWORK_PATHS[area];
  const navigate = useNavigate();
  const [board, dispatch] = useReducer(boardReducer, initialTeams, boardOf);
  const [previewPeople, setPreviewPeople] = useState<Pupil[]>([]);
  const people = useMemo(() => {
    const byId = new Map(basePeople.map((pupil) => [pupil.studentId, pupil]));
    for (const pupil of previewPeople) if (!byId.has(pupil.studentId)) byId.set(pupil.studentId, pupil);
    return byId;
  }, [basePeople, previewPeople]);
  const save = useMutation(saveGroupSetMutation());
  const [problems, setProblems] = useState<string[]>([]);
  const [saveError, setSaveError] = useState<string | null>(null);
  const locked = set?.locked ?? false;
  const lockedId = useId();

  const form = useAppForm({
    defaultValues: {
      groupName: set?.groupName ?? '',
      groupType: String(set?.groupType ?? 1) as TypeValue,
      maxMembers: set?.maxMembers ?? 4,
    },
    onSubmit: async ({ value }) => {
      const groupType = Number(value.groupType) as WorkGroupType;
      const found = boardProblems(board.teams, value.maxMembers, groupType !== 2);
      setProblems(found);
      setSaveError(null);
      if (found.length > 0) return;
      try {
        await save.mutateAsync({
          schoolId,
          courseId: course.courseId,
          ...(set ? { workGroupId: set.workGroupId } : {}),
          groupName: value.groupName.trim(),
          groupType,
          maxMembers: value.maxMembers,
          teams: board.teams.map((team) => ({
            groupName: team.groupName.trim(),
            leaderStudentId: team.leaderStudentId,
            studentIds: team.studentIds,
          })),
        });
      } catch (error) {
        // everything typed stays on the page; the server's reason is shown by the save button
        setSaveError(errorMessage(error));
        return;
      }
      notifications.show({ color: 'teal', message: set ? '分组方案已更新' : '分组方案已保存' });
      await (returnTo
        ? navigate({ href: returnTo })
        : navigate({ to: paths.grouping, search: { courseId: course.courseId } }));
    },
  });
  const groupType = useStore(form.store, (state) => state.values.groupType);
  const maxMembers = useStore(form.store, (state) => state.values.maxMembers);
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  const [autoLimitNote, setAutoLimitNote] = useState<string | null>(null);

  return (
    <Stack gap="lg">
      {locked && set ? (
        <Alert
          color="orange"
          icon={<IconLock size={18} aria-hidden />}
          title="分组方案已锁定，不能编辑"
          id={lockedId}
        >
          {lockReason(set.groupType)}
          {set.works.length > 0 ? `使用它的作业：${set.works.map((work) => work.title).join('、')}。` : ''}
        </Alert>
      ) : null}
      <Paper withBorder radius="lg" p="xl">
        <form
          noValidate
          aria-label={set ? '编辑分组方案' : '新建分组方案'}
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <fieldset disabled={locked} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Stack gap="lg">
              <form.AppField name="groupName" validators={{ onChange: groupSetNameSchema }}>
                {(field) => (
                  <field.TextField
                    label="方案名称"
                    placeholder="如：期中项目分组"
                    required
                    maxLength={50}
                    w={{ base: '100%', sm: 420 }}
                  />
                )}
              </form.AppField>

              <form.Field name="groupType">
                {(field) => (
                  <Stack gap={6}>
                    <Text size="sm" fw={500}>
                      分组方式
                    </Text>
                    <SegmentedChoice
                      label="分组方式"
                      data={TYPE_CHOICES}
                      value={field.state.value}
                      disabled={locked}
                      onChange={(value) => field.handleChange(value)}
                    />
                    <Text size="xs" c="dimmed">
                      {TYPE_HELP[field.state.value]}
                    </Text>
                  </Stack>
                )}
              </form.Field>

              <form.Field name="maxMembers" validators={{ onChange: maxMembersSchema }}>
                {(field) => (
                  <NumberInput
                    label="每组人数上限"
                    description="含组长；学生自由组队时也按它限制。"
                    required
                    w={{ base: '100%', sm: 220 }}
                    min={2}
                    max={20}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="none"
                    value={field.state.value}
                    onChange={(value) => field.handleChange(typeof value === 'number' ? value : Number.NaN)}
                    onBlur={field.handleBlur}
                    error={
                      field.state.meta.isBlurred || submitted
                        ? firstErrorMessage(field.state.meta.errors)
                        : undefined
                    }
                  />
                )}
              </form.Field>
              {autoLimitNote ? (
                <Text size="sm" c="blue.8">
                  {autoLimitNote}
                </Text>
              ) : null}

              {groupType === '1' ? (
                <RandomPanel
                  schoolId={schoolId}
                  course={course}
                  disabled={locked}
                  onPreview={(preview, request) => {
                    const classNameOf = (id: string | null) =>
                      course.teachingClasses.find((tc) => tc.teachingClassId === id)?.className;
                    setPreviewPeople(preview.teams.flatMap((team) => team.students.map(toPupil)));
                    dispatch({
                      type: 'replace',
                      teams: preview.teams.map((team) => ({
                        groupName: team.groupName,
                        leaderStudentId: team.leaderStudentId,
                        studentIds: team.students.map((student) => student.studentId),
                        teachingClassName: classNameOf(team.teachingClassId),
                      })),
                    });
                    setProblems([]);
                    const largest = Math.max(0, ...preview.teams.map((team) => team.students.length));
                    const limit = form.state.values.maxMembers;
                    if (largest > limit) {
                      form.setFieldValue('maxMembers', largest);
                      setAutoLimitNote(
                        `预览中人数最多的小组有 ${largest} 人${
                          request.groupSize !== undefined ? '（人数不足半组的最后一组并入了其他小组）' : ''
                        }，每组人数上限已调为 ${largest} 人。`,
                      );
                    } else {
                      setAutoLimitNote(null);
                    }
                  }}
                />
              ) : null}

              <Stack gap="sm" component="section" aria-label="小组">
                <Title order={2} fz="h4">
                  小组
                </Title>
                {groupType === '2' && board.teams.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    学生自由组队的方案不必建立小组：布置使用它的小组作业后，学生在作业中自行组队。
                  </Text>
                ) : (
                  <TeamBoard
                    teams={board.teams}
                    people={people}
                    maxMembers={Number.isFinite(maxMembers) ? maxMembers : 0}
                    dispatch={dispatch}
                    disabled={locked}
                  />
                )}
              </Stack>

              {problems.length > 0 ? (
                <Alert
                  color="red"
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                  title="请先处理以下问题，再保存"
                >
                  <List size="sm">
                    {problems.map((problem) => (
                      <List.Item key={problem}>{problem}</List.Item>
                    ))}
                  </List>
                </Alert>
              ) : null}
              {saveError ? (
                <Alert
                  color="red"
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                  title="保存失败"
                  role="alert"
                >
                  {saveError}
                </Alert>
              ) : null}

              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  disabled={submitting}
                  renderRoot={(props) =>
                    returnTo ? (
                      <BackLink {...props} href={returnTo} />
                    ) : (
                      <Link {...props} to={paths.grouping} search={{ courseId: course.courseId }} />
                    )
                  }
                >
                  取消
                </Button>
                <Button
                  type="submit"
                  loading={submitting}
                  disabled={locked}
                  aria-describedby={locked ? `${lockedId}-body` : undefined}
                >
                  保存
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      </Paper>
    </Stack>
  );
}

type PreviewBy = 'size' | 'count';
type PreviewMethod = GroupPreviewRequest['method'];

/** 系统随机: which teaching classes, by size or count, at random or by student number; 预览分组 and 重新随机. */
function RandomPanel({
  schoolId,
  course,
  disabled,
  onPreview,
}: {
  schoolId: string;
  course: CourseSummary;
  disabled: boolean;
  onPreview: (preview: GroupPreview, request: GroupPreviewRequest) => void;
}) {
  const [classIds, setClassIds] = useState(() => course.teachingClasses.map((tc) => tc.teachingClassId));
  const [by, setBy] = useState<PreviewBy>('size');
  const [size, setSize] = useState<number>(4);
  const [count, setCount] = useState<number>(2);
  const [method, setMethod] = useState<PreviewMethod>('random');
  const [seed, setSeed] = useState<number | null>(null);
  const [summary, setSummary] = useState<string | null>(null);
  const preview = useMutation(previewGroupsMutation());
  const value = by === 'size' ? size : count;
  const numberError = previewNumberError(by, value);
  const classError = classIds.length === 0 ? '至少选择一个教学班' : undefined;

  const run = (nextSeed: number | null) => {
    if (numberError || classError) return;
    const useSeed = method === 'random' ? (nextSeed ?? randomSeed()) : null;
    setSeed(useSeed);
    const request: GroupPreviewRequest = {
      schoolId,
      courseId: course.courseId,
      teachingClassIds: classIds,
      method,
      ...(by === 'size' ? { groupSize: size } : { groupCount: count }),
      ...(useSeed !== null ? { seed: useSeed } : {}),
    };
    preview.mutate(request, {
      onSuccess: (result) => {
        setSummary(
          `已把 ${result.studentCount} 名在读学生分成 ${result.teamCount} 个小组${
            method === 'random' ? '（随机）' : '（按学号）'
          }。下面可以调整，保存后才生效。`,
        );
        onPreview(result, request);
      },
    });
  };

  return (
    <Paper component="section" aria-label="随机分组" withBorder radius="md" p="md" bg="gray.0">
      <Stack gap="md">
        <Checkbox.Group
          label="参与分组的教学班"
          description="每个小组的学生来自同一个教学班。"
          value={classIds}
          onChange={setClassIds}
          error={classError}
        >
          <Group gap="md" pt={6}>
            {course.teachingClasses.length === 0 ? (
              <Text size="sm" c="dimmed">
                这门课程还没有教学班。
              </Text>
            ) : (
              course.teachingClasses.map((tc) => (
                <Checkbox
                  key={tc.teachingClassId}
                  value={tc.teachingClassId}
                  label={`${tc.className}（${tc.studentCount} 人）`}
                  disabled={disabled}
                />
              ))
            )}
          </Group>
        </Checkbox.Group>
        <Group gap="xl" align="flex-end">
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              分组依据
            </Text>
            <SegmentedChoice
              label="分组依据"
              data={[
                { value: 'size', label: '按每组人数' },
                { value: 'count', label: '按组数' },
              ]}
              value={by}
              disabled={disabled}
              onChange={setBy}
            />
          </Stack>
          <NumberInput
            key={by}
            label={by === 'size' ? '每组人数' : '每个教学班分几组'}
            w={160}
            min={by === 'size' ? 2 : 1}
            max={by === 'size' ? 20 : 200}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            value={value}
            disabled={disabled}
            error={numberError}
            onChange={(next) => {
              const number = typeof next === 'number' ? next : Number.NaN;
              if (by === 'size') setSize(number);
              else setCount(number);
            }}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              分组方法
            </Text>
            <SegmentedChoice
              label="分组方法"
              data={[
                { value: 'random', label: '随机' },
                { value: 'studentNumber', label: '按学号' },
              ]}
              value={method}
              disabled={disabled}
              onChange={setMethod}
            />
          </Stack>
        </Group>
        <Group gap="sm">
          <Button
            variant="light"
            loading={preview.isPending}
            disabled={disabled || Boolean(numberError || classError)}
            onClick={() => run(seed)}
          >
            预览分组
          </Button>
          <Button
            variant="default"
            leftSection={<IconArrowsShuffle size={16} aria-hidden />}
            disabled={disabled || method !== 'random' || summary === null || preview.isPending}
            onClick={() => run(randomSeed())}
          >
            重新随机
          </Button>
        </Group>
        {preview.isError ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title="预览失败" role="alert">
            {errorMessage(preview.error)}
          </Alert>
        ) : summary ? (
          <Text size="sm" c="teal.9" role="status">
            {summary}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            点击“预览分组”生成小组；预览不会保存。
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
