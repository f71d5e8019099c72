import '@mantine/core/styles/Badge.layer.css';
import { ApiError, ErrCode } from '@dfrm/sdk';
import type { CourseItem, QuizDetail, QuizQuestionType } from '@dfrm/sdk/tms';
import {
  Alert,
  Badge,
  Button,
  Container,
  Group,
  Menu,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconEye, IconLock, IconPlus } from '@tabler/icons-react';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { BackLink } from '@/components/page/back-link';
import { saveQuizMutation, setQuizStatusMutation } from '@/features/quiz/api/teacher-quiz-mutations';
import { quizCoursesQuery, teacherQuizDetailQuery } from '@/features/quiz/api/teacher-quiz-queries';
import { BackAnchor, QuizLoadFailure } from '@/features/quiz/components/teacher-page-frame';
import { TeacherQuestionEditor } from '@/features/quiz/components/teacher-question-editor';
import {
  draftsOf,
  durationSchema,
  endTimeError,
  newQuestion,
  type QuestionDraft,
  questionError,
  questionsSchema,
  type QuizFormValues,
  quizClassesSchema,
  quizCourseSchema,
  quizDescriptionSchema,
  quizInstantSchema,
  quizNameSchema,
  saveRequest,
  type ServerErrorTarget,
  serverErrorTarget,
} from '@/features/quiz/forms/teacher-quiz-schemas';
import { TeacherQuizFormSkeleton } from '@/features/quiz/pages/teacher-quiz-skeletons';
import { QUIZ_TEACHER_PATHS } from '@/features/quiz/teacher-search';
import { DateTimeField } from '@/lib/date-time-field';
import { firstErrorMessage, useAppForm, useTextBinding } from '@/lib/form';
import { CheckboxGroupField, NumberField, SelectField, TextareaField } from '@/lib/form-fields';
import { errorMessage } from '@/shared/error-notifications';
import { QUIZ_QUESTION_TYPE_LABELS, QUIZ_STATUS_LABELS } from '@/shared/labels';
import { openConfirmModal } from '@/shared/overlays';
import { useSchoolId } from '@/shared/session/current-school-id';

export interface TeacherQuizEditPageProps {
  /** Editing this quiz; a new one without it. */
  quizId?: string | undefined;
  /** Course chosen in advance for a new quiz (the class page, the list's filter). */
  courseId?: string | undefined;
  /** Where saving and 取消 lead (the class page it was opened from); the quiz list without it. */
  returnTo?: string | undefined;
}

/** 新建测验 / 编辑测验. */
export function TeacherQuizEditPage({ quizId, courseId, returnTo }: TeacherQuizEditPageProps) {
  const schoolId = useSchoolId();
  const { data: courses } = useSuspenseQuery(quizCoursesQuery(schoolId));
  const detail = useQuery({ ...teacherQuizDetailQuery(quizId ?? ''), enabled: quizId !== undefined });
  if (quizId === undefined) {
    return <QuizForm courses={courses} initialCourseId={courseId} returnTo={returnTo} />;
  }
  if (detail.isPending) return <TeacherQuizFormSkeleton />;
  if (detail.isError) {
    return (
      <QuizLoadFailure
        what="测验"
        error={detail.error}
        onRetry={() => void detail.refetch()}
        back={
          <BackAnchor renderRoot={(props) => <Link {...props} to={QUIZ_TEACHER_PATHS.list} />}>
            返回测验列表
          </BackAnchor>
        }
      />
    );
  }
  return <QuizForm key={quizId} courses={courses} quiz={detail.data} returnTo={returnTo} />;
}

const classesOf = (courses: readonly CourseItem[], courseId: string) =>
  courses.find((course) => course.courseId === courseId)?.teachingClasses ?? [];

/** The only class of a one-class course is ticked; with several, the teacher picks. */
const startClasses = (courses: readonly CourseItem[], courseId: string) => {
  const classes = classesOf(courses, courseId);
  return classes.length === 1 ? classes.map((c) => c.teachingClassId) : [];
};

/** A new quiz opens now and closes in a week at 23:59 (the browser's clock and zone). */
function newQuizTimes(): { startTime: number; endTime: number } {
  const start = new Date();
  start.setSeconds(0, 0);
  const end = new Date(start.getTime() + 7 * 24 * 60 * 60 * 1000);
  end.setHours(23, 59, 0, 0);
  return { startTime: start.getTime(), endTime: end.getTime() };
}

type Action = 'draft' | 'publish' | 'save';

function confirmPublish(name: string, classNames: readonly string[]): Promise<boolean> {
  return new Promise((resolve) =>
    openConfirmModal({
      title: '发布测验',
      centered: true,
      children: (
        <Stack gap="xs">
          <Text size="sm">发布后，下列教学班的学生可以在作答时间内作答“{name}”：</Text>
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

/** 测验名称 with the server's refusal of the name (同名) shown at the field. */
function NameInput({ serverError }: { serverError: string | undefined }) {
  const binding = useTextBinding();
  return (
    <TextInput
      label="测验名称"
      placeholder="如：第一章随堂测验"
      required
      maxLength={100}
      {...binding}
      error={binding.error ?? serverError}
    />
  );
}

function QuizForm({
  courses,
  quiz,
  initialCourseId,
  returnTo,
}: {
  courses: CourseItem[];
  quiz?: QuizDetail;
  initialCourseId?: string | undefined;
  returnTo?: string | undefined;
}) {
  const navigate = useNavigate();
  const save = useMutation(saveQuizMutation());
  // the form says why publishing failed next to itself
  const setStatus = useMutation(setQuizStatusMutation({ silentError: true }));
  // What the server holds: set by the first save of a new quiz, so a retry edits it.
  const [saved, setSaved] = useState<QuizDetail | undefined>(quiz);
  const [serverError, setServerError] = useState<{
    target: ServerErrorTarget;
    message: string;
    title: string;
  } | null>(null);
  const locked = (saved?.submittedCount ?? 0) > 0;
  const draft = !saved || saved.status === 0;

  const [initial] = useState<QuizFormValues>(() => {
    const startCourse =
      quiz?.courseId ??
      (courses.some((c) => c.courseId === initialCourseId) ? initialCourseId : undefined) ??
      '';
    const times = quiz ? { startTime: quiz.startTime, endTime: quiz.endTime } : newQuizTimes();
    return {
      quizName: quiz?.quizName ?? '',
      description: quiz?.description ?? '',
      courseId: startCourse,
      classIds: quiz ? quiz.classes.map((c) => c.classId) : startClasses(courses, startCourse),
      startTime: times.startTime,
      endTime: times.endTime,
      durationMinutes: quiz?.durationMinutes ?? 0,
      questions: quiz ? draftsOf(quiz) : [newQuestion(1)],
    };
  });

  const form = useAppForm({
    defaultValues: initial,
    onSubmitMeta: { action: 'draft' as Action },
    onSubmit: async ({ value, meta }) => {
      setServerError(null);
      const chosen = new Set(value.classIds);
      const name = value.quizName.trim();
      if (
        meta.action === 'publish' &&
        !(await confirmPublish(
          name,
          classesOf(courses, value.courseId)
            .filter((c) => chosen.has(c.teachingClassId))
            .map((c) => c.className),
        ))
      ) {
        return;
      }
      let result: QuizDetail;
      try {
        result = await save.mutateAsync({ ...saveRequest(value), quizId: saved?.quizId });
      } catch (error) {
        const message = errorMessage(error);
        // a refusal of the state (1: hand-ins, answers given) concerns the quiz, not one field
        const target =
          error instanceof ApiError && error.errCode !== ErrCode.refused
            ? serverErrorTarget(message)
            : 'form';
        setServerError({ target, message, title: '没有保存' });
        return;
      }
      setSaved(result);
      let message = result.status === 0 ? '草稿已保存' : '测验已保存';
      if (meta.action === 'publish') {
        try {
          await setStatus.mutateAsync({ quizId: result.quizId, status: 1 });
          message = '测验已发布';
        } catch (error) {
          setServerError({
            target: 'form',
            title: '测验已保存为草稿，但没有发布',
            message: errorMessage(error),
          });
          return;
        }
      }
      notifications.show({ color: 'teal', message });
      await (returnTo
        ? navigate({ href: returnTo })
        : navigate({ to: QUIZ_TEACHER_PATHS.list, search: { courseId: result.courseId } }));
    },
  });

  const chosenCourse = useStore(form.store, (state) => state.values.courseId);
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const tried = useStore(form.store, (state) => state.submissionAttempts > 0);
  const totalScore = useStore(form.store, (state) =>
    state.values.questions.reduce((sum, question) => sum + (Number(question.score) || 0), 0),
  );
  const course = courses.find((c) => c.courseId === chosenCourse);
  const classOptions = (course?.teachingClasses ?? []).map((c) => ({
    value: c.teachingClassId,
    label: `${c.className}（${c.studentCount} 人）`,
  }));
  const fieldError = (target: ServerErrorTarget) =>
    serverError && serverError.target === target ? serverError.message : undefined;
  const clearServerError = (target: ServerErrorTarget) =>
    setServerError((current) => (current && current.target === target ? null : current));

  const submit = (action: Action) => void form.handleSubmit({ action });
  const heading = saved ? '编辑测验' : '新建测验';
  const backLink = (props: Record<string, unknown>) =>
    returnTo ? <BackLink {...props} href={returnTo} /> : <Link {...props} to={QUIZ_TEACHER_PATHS.list} />;

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <BackAnchor renderRoot={backLink}>{returnTo ? '返回课程' : '返回测验列表'}</BackAnchor>
          <Group gap="sm" mt="xs">
            <Title order={1} fz="h2">
              {heading}
            </Title>
            {saved ? (
              <Badge
                variant="light"
                color={saved.status === 0 ? 'gray' : saved.status === 1 ? 'teal' : 'orange'}
                radius="sm"
              >
                {QUIZ_STATUS_LABELS[saved.status]}
              </Badge>
            ) : null}
          </Group>
        </div>

        <form
          noValidate
          aria-label={heading}
          onSubmit={(event) => {
            event.preventDefault();
            submit(draft ? 'publish' : 'save');
          }}
        >
          <Stack gap="lg">
            {locked ? (
              <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />} p="sm">
                已有 {saved?.submittedCount}{' '}
                名学生交卷：题目、课程、开始时间和限时不能再修改；名称、说明、截止时间和教学班仍可修改。
              </Alert>
            ) : null}
            <Paper withBorder radius="lg" p="xl" component="section" aria-label="测验设置">
              <Stack gap="lg">
                <form.AppField
                  name="quizName"
                  validators={{ onChange: quizNameSchema }}
                  listeners={{ onChange: () => clearServerError('quizName') }}
                >
                  {() => <NameInput serverError={fieldError('quizName')} />}
                </form.AppField>

                <form.AppField name="description" validators={{ onChange: quizDescriptionSchema }}>
                  {() => (
                    <TextareaField
                      label="说明"
                      description="学生开始作答前看到，如答题要求。"
                      rows={3}
                      maxLength={2000}
                    />
                  )}
                </form.AppField>

                <form.AppField
                  name="courseId"
                  validators={{ onChange: quizCourseSchema }}
                  listeners={{
                    onChange: ({ value }) => {
                      form.setFieldValue('classIds', startClasses(courses, value));
                      clearServerError('courseId');
                    },
                  }}
                >
                  {() => (
                    <SelectField
                      label="课程"
                      placeholder={courses.length > 0 ? '请选择课程' : '还没有课程'}
                      required
                      disabled={locked}
                      data={courses.map((c) => ({ value: c.courseId, label: c.courseName }))}
                      nothingFoundMessage="没有匹配的课程"
                      searchable
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                </form.AppField>
                {fieldError('courseId') ? <ServerFieldError message={fieldError('courseId')!} /> : null}

                <form.AppField
                  name="classIds"
                  validators={{ onChange: quizClassesSchema }}
                  listeners={{ onChange: () => clearServerError('classIds') }}
                >
                  {() => (
                    <CheckboxGroupField
                      label="教学班"
                      required
                      description="勾选的教学班的学生可以作答，至少选择一个。"
                      options={classOptions}
                      empty={
                        <Text size="sm" c="dimmed" pt={6}>
                          {course ? '这门课程还没有教学班。' : '请先选择课程。'}
                        </Text>
                      }
                    />
                  )}
                </form.AppField>
                {fieldError('classIds') ? <ServerFieldError message={fieldError('classIds')!} /> : null}

                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  <form.AppField name="startTime" validators={{ onChange: quizInstantSchema }}>
                    {() => (
                      <DateTimeField label="开始时间" placeholder="选择开始时间" required disabled={locked} />
                    )}
                  </form.AppField>
                  <form.AppField
                    name="endTime"
                    validators={{
                      onChangeListenTo: ['startTime'],
                      onChange: ({ value, fieldApi }) =>
                        endTimeError(fieldApi.form.getFieldValue('startTime'), value),
                    }}
                    listeners={{ onChange: () => clearServerError('endTime') }}
                  >
                    {() => <DateTimeField label="截止时间" placeholder="选择截止时间" required />}
                  </form.AppField>
                </SimpleGrid>
                {fieldError('endTime') || fieldError('startTime') ? (
                  <ServerFieldError message={(fieldError('endTime') ?? fieldError('startTime'))!} />
                ) : null}

                <form.AppField name="durationMinutes" validators={{ onChange: durationSchema }}>
                  {() => (
                    <NumberField
                      label="限时（分钟）"
                      description="0 表示不限时，只受截止时间约束。"
                      min={0}
                      max={600}
                      allowDecimal={false}
                      allowNegative={false}
                      disabled={locked}
                      w={200}
                    />
                  )}
                </form.AppField>
              </Stack>
            </Paper>

            <form.Field name="questions" mode="array" validators={{ onChange: questionsSchema }}>
              {(list) => (
                <Stack gap="md" component="section" aria-labelledby="quiz-questions-title">
                  <Group justify="space-between" align="flex-end">
                    <Title order={2} fz="h4" id="quiz-questions-title">
                      题目
                    </Title>
                    <Text size="sm" c="dimmed" aria-live="polite">
                      共 {list.state.value.length} 题，总分 {totalScore} 分
                    </Text>
                  </Group>
                  {list.state.value.map((question, index) => (
                    <form.Field
                      key={question.key}
                      name={`questions[${index}]`}
                      validators={{ onChange: ({ value }) => questionError(value, index + 1) }}
                      listeners={{ onChange: () => clearServerError(index + 1) }}
                    >
                      {(field) => (
                        <TeacherQuestionEditor
                          sortNo={index + 1}
                          count={list.state.value.length}
                          value={field.state.value}
                          onChange={(next: QuestionDraft) => field.handleChange(next)}
                          onRemove={() => {
                            list.removeValue(index);
                            setServerError(null);
                          }}
                          onMove={(by) => list.moveValue(index, index + by)}
                          error={
                            (tried ? firstErrorMessage(field.state.meta.errors) : undefined) ??
                            fieldError(index + 1)
                          }
                          locked={locked}
                        />
                      )}
                    </form.Field>
                  ))}
                  {tried && firstErrorMessage(list.state.meta.errors) ? (
                    <Text size="sm" c="red" role="alert">
                      {firstErrorMessage(list.state.meta.errors)}
                    </Text>
                  ) : null}
                  <Menu position="bottom-start" withinPortal>
                    <Menu.Target>
                      <Button
                        variant="light"
                        leftSection={<IconPlus size={16} aria-hidden />}
                        disabled={locked || list.state.value.length >= 200}
                        style={{ alignSelf: 'flex-start' }}
                      >
                        添加题目
                      </Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      {([1, 2, 3, 4] as QuizQuestionType[]).map((type) => (
                        <Menu.Item key={type} onClick={() => list.pushValue(newQuestion(type))}>
                          {QUIZ_QUESTION_TYPE_LABELS[type]}题
                        </Menu.Item>
                      ))}
                    </Menu.Dropdown>
                  </Menu>
                </Stack>
              )}
            </form.Field>

            {serverError?.target === 'form' ? (
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
              {saved ? (
                <Button
                  variant="default"
                  leftSection={<IconEye size={16} aria-hidden />}
                  renderRoot={(props) => (
                    <Link {...props} to={QUIZ_TEACHER_PATHS.preview} params={{ id: saved.quizId }} />
                  )}
                >
                  预览
                </Button>
              ) : null}
              {draft ? (
                <>
                  <Button variant="light" disabled={submitting} onClick={() => submit('draft')}>
                    保存草稿
                  </Button>
                  <Button type="submit" loading={submitting}>
                    保存并发布
                  </Button>
                </>
              ) : (
                <Button type="submit" loading={submitting}>
                  保存修改
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}

/** A refusal of the server at the field it names. */
function ServerFieldError({ message }: { message: string }) {
  return (
    <Text size="sm" c="red" role="alert" mt={-12}>
      {message}
    </Text>
  );
}
