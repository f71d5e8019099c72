import '@mantine/core/styles/Badge.layer.css';
import { ApiError, ErrCode } from '@dfrm/sdk';
import type { CourseItem, CourseWorkDetail, CourseWorkSaveRequest, WorkAttachment } from '@dfrm/sdk/tms';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Container,
  Group,
  Input,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconEye, IconLock } from '@tabler/icons-react';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useId, useRef, useState } from 'react';
import { useUploadQueue } from '@/components/file-drop/use-upload-queue';
import { BackLink } from '@/components/page/back-link';
import { RichTextField } from '@/components/rich-text/rich-text-input';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { downloadWorkFileMutation } from '@/features/homework/api/grading-mutations';
import { finishWorkQuery } from '@/features/homework/api/grading-queries';
import { courseGroupSetsQuery } from '@/features/homework/api/group-queries';
import {
  saveCourseWorkMutation,
  setWorkPublishedMutation,
  uploadTeacherWorkFile,
} from '@/features/homework/api/teacher-work-mutations';
import { homeworkCoursesQuery } from '@/features/homework/api/teacher-work-queries';
import {
  type CourseWorkPreview,
  CourseWorkPreviewModal,
} from '@/features/homework/components/course-work-preview-modal';
import { WorkAttachmentsInput } from '@/features/homework/components/work-attachments-input';
import {
  deadlineError,
  latePolicyEffect,
  percentSchema,
  totalScoreSchema,
  workClassesSchema,
  workContentSchema,
  workCourseSchema,
  workInstantSchema,
  workTitleSchema,
} from '@/features/homework/forms/course-work-schemas';
import { HOMEWORK_PATHS } from '@/features/homework/homework-paths';
import { latePolicyText } from '@/features/homework/late-penalty';
import { DateTimeField } from '@/lib/date-time-field';
import { useAppForm } from '@/lib/form';
import { CheckboxGroupField, NumberField, SelectField } from '@/lib/form-fields';
import { errorMessage } from '@/shared/error-notifications';
import {
  COURSE_WORK_GROUP_MODE_LABELS,
  COURSE_WORK_PUBLISH_STATUS_LABELS,
  WORK_GROUP_TYPE_LABELS,
} from '@/shared/labels';
import { openConfirmModal } from '@/shared/overlays';
import { useSessionApi } from '@/shared/session/session-context';
import { useSchoolId } from '@/shared/session/current-school-id';
import type { TeachingArea } from '@/shared/teaching-area';

export interface CourseWorkEditPageProps {
  area: TeachingArea;
  /** Editing this work; a new one without it. */
  courseWorkId?: string | undefined;
  /** Course chosen in advance for a new work (the list's filter, the class page). */
  courseId?: string | undefined;
  /** Where saving and 取消 lead (the class page it was opened from); the homework list without it. */
  returnTo?: string | undefined;
}

/** 布置作业 / 编辑作业. */
export function CourseWorkEditPage({ area, courseWorkId, courseId, returnTo }: CourseWorkEditPageProps) {
  const schoolId = useSchoolId();
  const { data: courses } = useSuspenseQuery(homeworkCoursesQuery(schoolId));
  return courseWorkId ? (
    <ExistingWork
      area={area}
      schoolId={schoolId}
      workId={courseWorkId}
      courses={courses}
      returnTo={returnTo}
    />
  ) : (
    <CourseWorkForm
      area={area}
      schoolId={schoolId}
      courses={courses}
      initialCourseId={courseId}
      returnTo={returnTo}
    />
  );
}

function ExistingWork({
  area,
  schoolId,
  workId,
  courses,
  returnTo,
}: {
  area: TeachingArea;
  schoolId: string;
  workId: string;
  courses: CourseItem[];
  returnTo: string | undefined;
}) {
  const { data: work } = useSuspenseQuery(finishWorkQuery(schoolId, workId));
  return (
    <CourseWorkForm
      key={workId}
      area={area}
      schoolId={schoolId}
      courses={courses}
      work={work}
      returnTo={returnTo}
    />
  );
}

const classesOf = (courses: readonly CourseItem[], courseId: string) =>
  courses.find((course) => course.courseId === courseId)?.teachingClasses ?? [];

/** The only class of a one-class course is ticked; with several, the teacher picks. */
const startClasses = (courses: readonly CourseItem[], courseId: string) => {
  const classes = classesOf(courses, courseId);
  return classes.length === 1 ? classes.map((c) => c.teachingClassId) : [];
};

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new work opens now and closes a week later at 23:59 (the browser's clock and zone). */
function newWorkTimes(): { startTime: number; endTime: number } {
  const start = new Date();
  start.setSeconds(0, 0);
  const end = new Date(start.getTime() + 7 * DAY_MS);
  end.setHours(23, 59, 0, 0);
  return { startTime: start.getTime(), endTime: end.getTime() };
}

type Action = 'draft' | 'publish' | 'save';

const FIXED_NAMES: Record<CourseWorkDetail['fixedFields'][number], string> = {
  courseId: '课程',
  type: '作业类型',
  groupMode: '作业形式',
  workGroupId: '分组方案',
  teachingClassIds: '教学班',
  totalScore: '总分',
};

const GROUP_MODE_CHOICES = [
  { value: '0', label: '个人' },
  { value: '1', label: '小组' },
] as const;
const LATE_CHOICES = [
  { value: 'no', label: '不允许' },
  { value: 'yes', label: '允许' },
] as const;

/** Asks before publishing: who gets the work. Resolves true to go on. */
function confirmPublish(title: string, classNames: readonly string[]): Promise<boolean> {
  return new Promise((resolve) =>
    openConfirmModal({
      title: '发布作业',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">发布后，下列教学班的学生会收到“{title}”，并在开始时间后作答：</Text>
          <Text size="sm" fw={500}>
            {classNames.join('、')}
          </Text>
        </Stack>
      ),
      labels: { confirm: '发布', cancel: '取消' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    }),
  );
}

function CourseWorkForm({
  area,
  schoolId,
  courses,
  work,
  initialCourseId,
  returnTo,
}: {
  area: TeachingArea;
  schoolId: string;
  courses: CourseItem[];
  work?: CourseWorkDetail;
  initialCourseId?: string | undefined;
  returnTo?: string | undefined;
}) {
  const paths = HOMEWORK_PATHS[area];
  const navigate = useNavigate();
  const session = useSessionApi();
  const save = useMutation(saveCourseWorkMutation());
  // the form says why publishing failed next to itself
  const publish = useMutation(setWorkPublishedMutation({ silentError: true }));
  const download = useMutation({
    ...downloadWorkFileMutation(() => session.auth()),
    onSuccess: (name) => notifications.show({ color: 'teal', message: `已下载：${name}` }),
  });
  // What the server holds of this work: set by the first save of a new one, so a retry edits it.
  const [saved, setSaved] = useState<CourseWorkDetail | undefined>(work);
  const [kept, setKept] = useState<WorkAttachment[]>(work?.attachments ?? []);
  const queue = useUploadQueue();
  const uploaded = useRef(new Map<File, WorkAttachment>());
  const [serverError, setServerError] = useState<{ title: string; message: string } | null>(null);
  const [preview, setPreview] = useState<CourseWorkPreview | null>(null);
  const groupHintId = useId();
  const published = saved?.publishStatus === 1;
  const fixed = new Set(saved?.fixedFields ?? []);

  const [initial] = useState(() => {
    const startCourse =
      work?.courseId ??
      (courses.some((c) => c.courseId === initialCourseId) ? initialCourseId : undefined) ??
      '';
    const times = work ? { startTime: work.startTime, endTime: work.endTime } : newWorkTimes();
    const late = work?.allowLate === true;
    return {
      title: work?.title ?? '',
      courseId: startCourse,
      teachingClassIds: work
        ? work.teachingClasses.map((c) => c.teachingClassId)
        : startClasses(courses, startCourse),
      content: work?.content ?? '',
      startTime: times.startTime as number | null,
      endTime: times.endTime as number | null,
      totalScore: (work?.totalScore ?? 100) as number | string,
      groupMode: String(work?.groupMode ?? 0) as '0' | '1',
      workGroupId: work?.workGroupId ?? '',
      allowLate: (late ? 'yes' : 'no') as 'yes' | 'no',
      // a work that does not allow lateness yet gets a policy to start from once it does
      latePenaltyPerDay: (late ? work.latePenaltyPerDay : 10) as number | string,
      lateScoreFloor: (late ? work.lateScoreFloor : 60) as number | string,
    };
  });

  const form = useAppForm({
    defaultValues: initial,
    onSubmitMeta: { action: 'draft' as Action },
    onSubmit: async ({ value, meta }) => {
      setServerError(null);
      const classes = classesOf(courses, value.courseId);
      const chosen = new Set(value.teachingClassIds);
      const title = value.title.trim();
      if (
        meta.action === 'publish' &&
        !(await confirmPublish(
          title,
          classes.filter((c) => chosen.has(c.teachingClassId)).map((c) => c.className),
        ))
      ) {
        return;
      }

      // files that went up on an earlier try stay uploaded; the rest go up now
      let fresh = queue.items.flatMap((item) => {
        const answer = item.status === 'done' ? uploaded.current.get(item.file) : undefined;
        return answer ? [answer] : [];
      });
      const pending = queue.items.some((item) => item.status === 'waiting' || item.status === 'failed');
      if (pending) {
        const outcome = await queue.run(async (file, { onProgress, signal }) => {
          const answer = await uploadTeacherWorkFile({ schoolId, file }, { onProgress, signal });
          uploaded.current.set(file, answer);
          return answer;
        });
        if (outcome.failed > 0) {
          setServerError({
            title: '附件没有上传',
            message: `${outcome.failed} 个附件上传失败（原因见附件列表），可移除后或稍后再保存，已填写的内容都还在。`,
          });
          return;
        }
        fresh = [...fresh, ...outcome.results];
      }
      const allowLate = value.allowLate === 'yes';
      const groupMode = value.groupMode === '1' ? 1 : 0;
      const body: CourseWorkSaveRequest = {
        schoolId,
        ...(saved ? { workId: saved.workId } : {}),
        courseId: value.courseId,
        teachingClassIds: value.teachingClassIds,
        title,
        content: value.content,
        // strategy works are set up in the quant lab; their type and requirement are kept as they are
        type: saved?.type ?? 1,
        ...(saved?.strategyRequirement ? { strategyRequirement: saved.strategyRequirement } : {}),
        groupMode,
        ...(groupMode === 1 ? { workGroupId: value.workGroupId } : {}),
        startTime: value.startTime ?? 0,
        endTime: value.endTime ?? 0,
        totalScore: Number(value.totalScore),
        allowLate,
        latePenaltyPerDay: allowLate ? Number(value.latePenaltyPerDay) : 0,
        lateScoreFloor: allowLate ? Number(value.lateScoreFloor) : 0,
        attachments: [...kept, ...fresh].map(({ fileName, filePath, fileSize }) => ({
          fileName,
          filePath,
          fileSize,
        })),
      };

      let result: CourseWorkDetail;
      try {
        result = await save.mutateAsync(body);
      } catch (error) {
        setServerError({ title: '没有保存', message: errorMessage(error) });
        return;
      }
      setSaved(result);
      setKept(result.attachments);
      uploaded.current.clear();
      queue.clear();

      let message = published ? '作业已保存' : '草稿已保存';
      if (meta.action === 'publish') {
        try {
          const outcome = await publish.mutateAsync({ schoolId, workId: result.workId, publishStatus: 1 });
          message = `作业已发布给 ${outcome.studentWorkCount} ${result.groupMode === 1 ? '个小组' : '名学生'}`;
        } catch (error) {
          setServerError({ title: '作业已保存为草稿，但没有发布', message: errorMessage(error) });
          return;
        }
      }
      notifications.show({ color: 'teal', message });
      await (returnTo
        ? navigate({ href: returnTo })
        : navigate({ to: paths.list, search: { courseId: result.courseId } }));
    },
  });

  const chosenCourse = useStore(form.store, (state) => state.values.courseId);
  const groupMode = useStore(form.store, (state) => state.values.groupMode);
  const allowLate = useStore(form.store, (state) => state.values.allowLate);
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const course = courses.find((c) => c.courseId === chosenCourse);
  const classOptions = (course?.teachingClasses ?? []).map((c) => ({
    value: c.teachingClassId,
    label: `${c.className}（${c.studentCount} 人）`,
  }));

  const groups = useQuery({
    ...courseGroupSetsQuery(schoolId, chosenCourse),
    enabled: chosenCourse !== '',
    // the form says why no set can be chosen (none yet, or the list could not be read)
    meta: { silentError: true },
  });
  const groupOptions = (groups.data ?? []).map((set) => ({
    value: set.workGroupId,
    label: `${set.groupName}（${WORK_GROUP_TYPE_LABELS[set.groupType]}，${set.teamCount} 组）`,
  }));
  // a group work keeps its set even when the list cannot be read
  if (saved?.workGroupId && !groupOptions.some((option) => option.value === saved.workGroupId)) {
    groupOptions.unshift({ value: saved.workGroupId, label: saved.workGroupName || '当前分组方案' });
  }
  const noGroupSets = groups.isSuccess
    ? groups.data.length === 0
    : groups.isError && groups.error instanceof ApiError && groups.error.errCode === ErrCode.notImplemented;
  const groupHint = !chosenCourse
    ? '选择课程后可以布置小组作业。'
    : groups.isPending
      ? '正在读取该课程的分组方案…'
      : noGroupSets
        ? '该课程还没有分组方案'
        : groups.isError
          ? `分组方案读取失败：${errorMessage(groups.error)}`
          : '小组作业每组交一份，成绩记给组内每名成员。';
  const groupChoiceOpen = groupOptions.length > 0 && !fixed.has('groupMode');

  const openPreview = () => {
    const values = form.state.values;
    const chosen = new Set(values.teachingClassIds);
    const total = Number(values.totalScore);
    const policy = {
      allowLate: values.allowLate === 'yes',
      totalScore: total,
      latePenaltyPerDay: Number(values.latePenaltyPerDay),
      lateScoreFloor: Number(values.lateScoreFloor),
    };
    setPreview({
      title: values.title.trim(),
      courseName: course?.courseName ?? '',
      classNames: (course?.teachingClasses ?? [])
        .filter((c) => chosen.has(c.teachingClassId))
        .map((c) => c.className),
      mode:
        values.groupMode === '1'
          ? `${COURSE_WORK_GROUP_MODE_LABELS[1]}（${groupOptions.find((o) => o.value === values.workGroupId)?.label ?? '未选择分组方案'}）`
          : COURSE_WORK_GROUP_MODE_LABELS[0],
      startTime: values.startTime,
      endTime: values.endTime,
      totalScore: values.totalScore,
      late: policy.allowLate
        ? `${latePolicyText(policy)}。${latePolicyEffect(total, policy.latePenaltyPerDay, policy.lateScoreFloor)}`
        : `${latePolicyText(policy)}。`,
      content: values.content,
      attachments: [
        ...kept,
        ...queue.items
          .filter((item) => item.status !== 'canceled')
          .map((item) => ({
            fileName: item.file.name,
            fileSize: item.file.size,
          })),
      ],
    });
  };

  const submit = (action: Action) => void form.handleSubmit({ action });
  const heading = saved ? '编辑作业' : '布置作业';
  const back = returnTo ? '返回课程' : '返回作业列表';
  const backLink = (props: Record<string, unknown>) =>
    returnTo ? <BackLink {...props} href={returnTo} /> : <Link {...props} to={paths.list} />;

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Anchor size="sm" c="dimmed" renderRoot={backLink}>
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {back}
            </Group>
          </Anchor>
          <Group gap="sm" mt="xs">
            <Title order={1} fz="h2">
              {heading}
            </Title>
            {saved ? (
              <Badge variant="light" color={published ? 'teal' : 'gray'} radius="sm">
                {COURSE_WORK_PUBLISH_STATUS_LABELS[saved.publishStatus]}
              </Badge>
            ) : null}
          </Group>
        </div>

        <Paper withBorder radius="lg" p="xl">
          <form
            noValidate
            aria-label={heading}
            onSubmit={(event) => {
              event.preventDefault();
              submit(published ? 'save' : 'publish');
            }}
          >
            <Stack gap="lg">
              {fixed.size > 0 ? (
                <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />} p="sm">
                  已有学生作答：{[...fixed].map((name) => FIXED_NAMES[name]).join('、')}
                  不能再修改；标题、作业要求、附件、时间和迟交规则仍可修改。
                </Alert>
              ) : null}
              {saved?.type === 2 ? (
                <Alert color="gray" variant="light" p="sm">
                  这是一份策略作业：回测条件和评分规则保持原样，这里只修改其余内容。
                </Alert>
              ) : null}

              <form.AppField
                name="courseId"
                validators={{ onChange: workCourseSchema }}
                listeners={{
                  onChange: ({ value }) => {
                    form.setFieldValue('teachingClassIds', startClasses(courses, value));
                    // group sets belong to a course: another course starts from individual work
                    form.setFieldValue('groupMode', '0');
                    form.setFieldValue('workGroupId', '');
                  },
                }}
              >
                {() => (
                  <SelectField
                    label="课程"
                    placeholder={courses.length > 0 ? '请选择课程' : '还没有课程'}
                    required
                    disabled={fixed.has('courseId')}
                    data={courses.map((c) => ({ value: c.courseId, label: c.courseName }))}
                    nothingFoundMessage="没有匹配的课程"
                    searchable
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              </form.AppField>

              <form.AppField name="teachingClassIds" validators={{ onChange: workClassesSchema }}>
                {() => (
                  <CheckboxGroupField
                    label="教学班"
                    required
                    disabled={fixed.has('teachingClassIds')}
                    description="勾选的教学班的学生会收到这份作业，至少选择一个。"
                    options={classOptions}
                    empty={
                      <Text size="sm" c="dimmed" pt={6}>
                        {course ? '这门课程还没有教学班。' : '请先选择课程。'}
                      </Text>
                    }
                  />
                )}
              </form.AppField>

              <form.AppField name="title" validators={{ onChange: workTitleSchema }}>
                {(field) => (
                  <field.TextField label="标题" placeholder="请输入作业标题" required maxLength={100} />
                )}
              </form.AppField>

              <form.AppField name="content" validators={{ onChange: workContentSchema }}>
                {() => (
                  <RichTextField
                    label="作业要求"
                    description="题目、提交格式和评分标准；学生在作业页面看到。"
                    minHeight={200}
                    activateOnFocus
                  />
                )}
              </form.AppField>

              <WorkAttachmentsInput
                kept={kept}
                onRemove={(file) => setKept((list) => list.filter((item) => item.filePath !== file.filePath))}
                onDownload={(file) => download.mutate(file)}
                queue={queue}
                disabled={submitting}
              />

              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                <form.AppField name="startTime" validators={{ onChange: workInstantSchema }}>
                  {() => <DateTimeField label="开始时间" placeholder="选择开始时间" required />}
                </form.AppField>
                <form.AppField
                  name="endTime"
                  validators={{
                    onChangeListenTo: ['startTime'],
                    onChange: ({ value, fieldApi }) =>
                      deadlineError(fieldApi.form.getFieldValue('startTime'), value),
                  }}
                >
                  {() => <DateTimeField label="截止时间" placeholder="选择截止时间" required />}
                </form.AppField>
              </SimpleGrid>

              <form.AppField name="totalScore" validators={{ onChange: totalScoreSchema }}>
                {() => (
                  <NumberField
                    label="总分"
                    required
                    min={1}
                    max={1000}
                    allowDecimal={false}
                    allowNegative={false}
                    disabled={fixed.has('totalScore')}
                    w={160}
                  />
                )}
              </form.AppField>

              <form.AppField name="groupMode">
                {(field) => (
                  <Input.Wrapper label="作业形式" labelElement="div">
                    <Stack gap={6} pt={4}>
                      <Group gap="sm" wrap="wrap">
                        <SegmentedChoice
                          label="作业形式"
                          describedBy={groupHintId}
                          data={GROUP_MODE_CHOICES.map((choice) => ({
                            ...choice,
                            disabled: fixed.has('groupMode') || (choice.value === '1' && !groupChoiceOpen),
                          }))}
                          value={field.state.value}
                          onChange={(value) => field.handleChange(value)}
                        />
                        <Text size="sm" c="dimmed" id={groupHintId}>
                          {groupMode === '1' || !groupChoiceOpen ? groupHint : '每名学生交一份。'}
                        </Text>
                      </Group>
                    </Stack>
                  </Input.Wrapper>
                )}
              </form.AppField>

              {groupMode === '1' ? (
                <form.AppField
                  name="workGroupId"
                  validators={{
                    onSubmit: ({ value }) => (value ? undefined : '小组作业请选择分组方案'),
                  }}
                >
                  {() => (
                    <SelectField
                      label="分组方案"
                      placeholder={groupOptions.length > 0 ? '请选择分组方案' : '该课程还没有分组方案'}
                      required
                      disabled={fixed.has('workGroupId')}
                      data={groupOptions}
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                </form.AppField>
              ) : null}

              <form.AppField name="allowLate">
                {(field) => (
                  <Input.Wrapper label="迟交" labelElement="div">
                    <div style={{ paddingTop: 4 }}>
                      <SegmentedChoice
                        label="迟交"
                        data={LATE_CHOICES}
                        value={field.state.value}
                        onChange={(value) => field.handleChange(value)}
                      />
                    </div>
                  </Input.Wrapper>
                )}
              </form.AppField>

              {allowLate === 'yes' ? (
                <Stack gap="xs">
                  <Group gap="lg" align="flex-start">
                    <form.AppField name="latePenaltyPerDay" validators={{ onChange: percentSchema }}>
                      {() => (
                        <NumberField
                          label="每天扣分（满分的 %）"
                          required
                          min={0}
                          max={100}
                          allowDecimal={false}
                          allowNegative={false}
                          suffix="%"
                          w={200}
                        />
                      )}
                    </form.AppField>
                    <form.AppField name="lateScoreFloor" validators={{ onChange: percentSchema }}>
                      {() => (
                        <NumberField
                          label="最低得分（满分的 %）"
                          required
                          min={0}
                          max={100}
                          allowDecimal={false}
                          allowNegative={false}
                          suffix="%"
                          w={200}
                        />
                      )}
                    </form.AppField>
                  </Group>
                  <form.Subscribe
                    selector={(state) =>
                      [
                        state.values.totalScore,
                        state.values.latePenaltyPerDay,
                        state.values.lateScoreFloor,
                      ] as const
                    }
                  >
                    {([total, perDay, floor]) => (
                      <Text size="sm" c="dimmed" aria-live="polite">
                        {latePolicyEffect(Number(total), Number(perDay), Number(floor))}
                      </Text>
                    )}
                  </form.Subscribe>
                </Stack>
              ) : (
                <Text size="sm" c="dimmed" mt={-12}>
                  截止后学生不能再保存和提交。
                </Text>
              )}

              {serverError ? (
                <Alert
                  color="red"
                  variant="light"
                  role="alert"
                  icon={<IconAlertTriangle size={18} aria-hidden />}
                  title={serverError.title}
                >
                  {serverError.message}
                </Alert>
              ) : null}

              <Group justify="flex-end" gap="sm">
                <Button variant="default" disabled={submitting} renderRoot={backLink}>
                  取消
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconEye size={16} aria-hidden />}
                  disabled={submitting}
                  onClick={openPreview}
                >
                  预览
                </Button>
                {published ? (
                  <Button type="submit" loading={submitting}>
                    保存修改
                  </Button>
                ) : (
                  <>
                    <Button variant="light" disabled={submitting} onClick={() => submit('draft')}>
                      保存草稿
                    </Button>
                    <Button type="submit" loading={submitting}>
                      发布
                    </Button>
                  </>
                )}
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
      <CourseWorkPreviewModal preview={preview} onClose={() => setPreview(null)} />
    </Container>
  );
}
