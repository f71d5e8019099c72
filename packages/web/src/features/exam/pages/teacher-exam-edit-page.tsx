import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import { isApiError } from '@dfrm/sdk';
import type { CourseItem, ExamDetail } from '@dfrm/sdk/tms';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconLock } from '@tabler/icons-react';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { SourcePaperPreview, SourcePaperSelect } from '@/features/exam/components/source-paper';
import { QuestionEditor } from '@/features/exam/components/teacher-question-editor';
import { saveExamMutation } from '@/features/exam/api/teacher-exam-mutations';
import {
  examCoursesQuery,
  examDetailQuery,
  sourcePaperQuery,
} from '@/features/exam/api/teacher-exam-queries';
import {
  durationError,
  endTimeError,
  type ExamFormValues,
  examInstantSchema,
  examNameSchema,
  examTextSchema,
  examValues,
  newExamValues,
  paperTotal,
  passScoreError,
  type QuestionSource,
  questionsProblem,
  type SettingField,
  serverErrorPlace,
  sourcePaperError,
  toSaveRequest,
} from '@/features/exam/forms/exam-form-model';
import { EXAM_TEACHER_PATHS } from '@/features/exam/teacher-search';
import { DateTimeField } from '@/lib/date-time-field';
import { useAppForm } from '@/lib/form';
import { NumberField, SelectField, TextareaField } from '@/lib/form-fields';
import { errorMessage } from '@/shared/error-notifications';
import { EXAM_PHASE_LABELS, EXAM_RESULT_POLICY_LABELS, EXAM_UP_DOWN_STATUS_LABELS } from '@/shared/labels';
import { useSchoolId } from '@/shared/session/current-school-id';

export interface TeacherExamEditPageProps {
  /** Editing this exam; a new one without it. */
  examId?: string | undefined;
  /** Course chosen in advance for a new exam (the list's filter). */
  courseId?: string | undefined;
  /** Exercise paper chosen in advance for a new exam's questions (the bank's 用于新建考试). */
  sourcePaperId?: string | undefined;
}

/** 新建考试 / 编辑考试. */
export function TeacherExamEditPage({ examId, courseId, sourcePaperId }: TeacherExamEditPageProps) {
  const schoolId = useSchoolId();
  const { data: courses } = useSuspenseQuery(examCoursesQuery(schoolId));
  return examId ? (
    <ExistingExam key={examId} schoolId={schoolId} examId={examId} courses={courses} />
  ) : (
    <ExamForm
      schoolId={schoolId}
      courses={courses}
      initialCourseId={courseId}
      initialSourcePaperId={sourcePaperId}
    />
  );
}

function ExistingExam({
  schoolId,
  examId,
  courses,
}: {
  schoolId: string;
  examId: string;
  courses: CourseItem[];
}) {
  const { data: exam } = useSuspenseQuery(examDetailQuery(examId));
  return <ExamForm schoolId={schoolId} courses={courses} exam={exam} />;
}

const SOURCE_CHOICES = [
  { value: 'manual', label: '手动出题' },
  { value: 'paper', label: '从试卷复制' },
] as const satisfies readonly { value: QuestionSource; label: string }[];

const RESULT_POLICY_CHOICES = Object.entries(EXAM_RESULT_POLICY_LABELS).map(([value, label]) => ({
  value,
  label,
}));

/** The server's refusal next to the field it names; gone once that field changes. */
function ServerFieldError({ message }: { message: string | undefined }) {
  return message ? (
    <Text size="xs" c="red" role="alert" mt={-8}>
      {message}
    </Text>
  ) : null;
}

function ExamForm({
  schoolId,
  courses,
  exam,
  initialCourseId,
  initialSourcePaperId,
}: {
  schoolId: string;
  courses: CourseItem[];
  exam?: ExamDetail;
  initialCourseId?: string | undefined;
  initialSourcePaperId?: string | undefined;
}) {
  const navigate = useNavigate();
  const save = useMutation(saveExamMutation());
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<SettingField, string>>>({});
  const [questionErrors, setQuestionErrors] = useState<Record<number, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A published exam keeps its paper and settings: only its texts and a later end can change.
  const published = exam?.upDownStatus === 1;
  const [initial] = useState<ExamFormValues>(() =>
    exam
      ? examValues(exam)
      : newExamValues(
          courses.some((course) => course.courseId === initialCourseId) ? initialCourseId : undefined,
          initialSourcePaperId,
        ),
  );

  const clearFieldError = (field: SettingField) =>
    setFieldErrors((errors) => (errors[field] ? { ...errors, [field]: undefined } : errors));

  const form = useAppForm({
    defaultValues: initial,
    onSubmit: async ({ value }) => {
      setFormError(null);
      setFieldErrors({});
      setQuestionErrors({});
      let saved: ExamDetail;
      try {
        saved = await save.mutateAsync({ examId: exam?.examId, body: toSaveRequest(schoolId, value) });
      } catch (error) {
        const message = errorMessage(error);
        const place = isApiError(error) ? serverErrorPlace(message) : null;
        // a copied paper's question has no card here: its refusal is shown above the buttons
        if (place && 'question' in place && value.source === 'manual')
          setQuestionErrors({ [place.question - 1]: message });
        else if (place && 'question' in place) setFormError(message);
        else if (place) setFieldErrors({ [place.field]: message });
        else setFormError(message);
        return;
      }
      if (exam) {
        notifications.show({ color: 'teal', message: '考试已保存' });
        await navigate({ to: EXAM_TEACHER_PATHS.list });
      } else {
        // publishing needs a list of students: the new exam's next step
        notifications.show({ color: 'teal', message: '考试已创建，请添加考生后发布' });
        await navigate({ to: EXAM_TEACHER_PATHS.examiners, params: { examId: saved.examId } });
      }
    },
  });

  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  const source = useStore(form.store, (state) => state.values.source);
  const sourcePaperId = useStore(form.store, (state) => state.values.sourcePaperId);
  const chosenPaper = useQuery({
    ...sourcePaperQuery(sourcePaperId),
    enabled: source === 'paper' && sourcePaperId !== '',
  });
  const queryClient = useQueryClient();
  // The pass score is checked against the total of what will be saved: the chosen paper's once it
  // is loaded (read from the cache by the id in the values, so a paper just chosen never lends the
  // previous one's total).
  const totalOf = (values: ExamFormValues) =>
    values.source === 'paper'
      ? queryClient.getQueryData(sourcePaperQuery(values.sourcePaperId).queryKey)?.totalScore
      : paperTotal(values.questions);
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const heading = exam ? '编辑考试' : '新建考试';

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Anchor
            size="sm"
            c="dimmed"
            renderRoot={(props) => <Link {...props} to={EXAM_TEACHER_PATHS.list} />}
          >
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              返回考试管理
            </Group>
          </Anchor>
          <Group gap="sm" mt="xs">
            <Title order={1} fz="h2">
              {heading}
            </Title>
            {exam ? (
              <>
                <Badge variant="light" color={published ? 'teal' : 'gray'} radius="sm">
                  {EXAM_UP_DOWN_STATUS_LABELS[exam.upDownStatus]}
                </Badge>
                <Badge variant="dot" radius="sm">
                  {EXAM_PHASE_LABELS[exam.phase]}
                </Badge>
                <Text size="sm" c="dimmed">
                  编号 {exam.examNumber}
                </Text>
              </>
            ) : null}
          </Group>
        </div>

        <form
          noValidate
          aria-label={heading}
          onSubmit={(event) => {
            event.preventDefault();
            void form.handleSubmit();
          }}
        >
          <Stack gap="lg">
            <Paper withBorder radius="lg" p="xl">
              <Stack gap="lg">
                {published ? (
                  <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden />} p="sm">
                    考试已上架：只能修改名称、说明、考前须知和延后结束时间；要修改试题或其他设置，请先在考试管理中下架。
                  </Alert>
                ) : null}

                <form.AppField
                  name="examName"
                  validators={{ onChange: examNameSchema }}
                  listeners={{ onChange: () => clearFieldError('examName') }}
                >
                  {(field) => (
                    <field.TextField
                      label="考试名称"
                      placeholder="如：量化投资期中考试"
                      required
                      maxLength={100}
                    />
                  )}
                </form.AppField>
                <ServerFieldError message={fieldErrors.examName} />

                <form.AppField name="courseId">
                  {() => (
                    <SelectField
                      label="所属课程"
                      description="可选：用于按课程筛选和统计。"
                      placeholder={courses.length > 0 ? '不指定课程' : '还没有课程'}
                      clearable
                      disabled={published}
                      data={courses.map((course) => ({ value: course.courseId, label: course.courseName }))}
                      nothingFoundMessage="没有匹配的课程"
                      searchable
                      comboboxProps={{ withinPortal: true }}
                    />
                  )}
                </form.AppField>

                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
                  <form.AppField name="startTime" validators={{ onChange: examInstantSchema }}>
                    {() => (
                      <DateTimeField
                        label="开始时间"
                        placeholder="选择开始时间"
                        required
                        disabled={published}
                      />
                    )}
                  </form.AppField>
                  <div>
                    <form.AppField
                      name="endTime"
                      validators={{
                        onChangeListenTo: ['startTime'],
                        onChange: ({ value, fieldApi }) =>
                          endTimeError(fieldApi.form.getFieldValue('startTime'), value),
                      }}
                      listeners={{ onChange: () => clearFieldError('endTime') }}
                    >
                      {() => <DateTimeField label="结束时间" placeholder="选择结束时间" required />}
                    </form.AppField>
                    <ServerFieldError message={fieldErrors.endTime} />
                  </div>
                </SimpleGrid>

                <Group gap="lg" align="flex-start">
                  <div>
                    <form.AppField
                      name="duration"
                      validators={{
                        onChangeListenTo: ['startTime', 'endTime'],
                        onChange: ({ value, fieldApi }) =>
                          durationError(
                            value,
                            fieldApi.form.getFieldValue('startTime'),
                            fieldApi.form.getFieldValue('endTime'),
                          ),
                      }}
                      listeners={{ onChange: () => clearFieldError('duration') }}
                    >
                      {() => (
                        <NumberField
                          label="作答时长（分钟）"
                          required
                          min={1}
                          max={600}
                          allowDecimal={false}
                          allowNegative={false}
                          disabled={published}
                          w={180}
                        />
                      )}
                    </form.AppField>
                    <ServerFieldError message={fieldErrors.duration} />
                  </div>
                  <div>
                    <form.AppField
                      name="passScore"
                      validators={{
                        onChangeListenTo: ['questions', 'source', 'sourcePaperId'],
                        onChange: ({ value, fieldApi }) =>
                          passScoreError(value, totalOf(fieldApi.form.state.values)),
                      }}
                      listeners={{ onChange: () => clearFieldError('passScore') }}
                    >
                      {() => (
                        <NumberField
                          label="及格分"
                          required
                          min={0}
                          max={1000}
                          decimalScale={1}
                          allowNegative={false}
                          disabled={published}
                          w={180}
                        />
                      )}
                    </form.AppField>
                    <ServerFieldError message={fieldErrors.passScore} />
                  </div>
                  <form.AppField name="resultPolicy">
                    {() => (
                      <SelectField
                        label="成绩公开方式"
                        required
                        disabled={published}
                        data={RESULT_POLICY_CHOICES}
                        comboboxProps={{ withinPortal: true }}
                        w={280}
                      />
                    )}
                  </form.AppField>
                </Group>

                <Group gap="xl">
                  <form.Field name="shuffleQuestions">
                    {(field) => (
                      <Checkbox
                        label="打乱题目顺序（同题型内，每名考生不同）"
                        disabled={published}
                        checked={field.state.value}
                        onChange={(event) => field.handleChange(event.currentTarget.checked)}
                      />
                    )}
                  </form.Field>
                  <form.Field name="shuffleOptions">
                    {(field) => (
                      <Checkbox
                        label="打乱选择题选项顺序"
                        disabled={published}
                        checked={field.state.value}
                        onChange={(event) => field.handleChange(event.currentTarget.checked)}
                      />
                    )}
                  </form.Field>
                </Group>

                <form.AppField name="description" validators={{ onChange: examTextSchema('考试说明', 2000) }}>
                  {() => <TextareaField label="考试说明" rows={2} resize="vertical" maxLength={2000} />}
                </form.AppField>
                <form.AppField
                  name="attendNotice"
                  validators={{ onChange: examTextSchema('考前须知', 5000) }}
                >
                  {() => (
                    <TextareaField
                      label="考前须知"
                      description="考生进入考试前的提示页显示。"
                      resize="vertical"
                      rows={2}
                      maxLength={5000}
                    />
                  )}
                </form.AppField>
              </Stack>
            </Paper>

            <Paper withBorder radius="lg" p="xl">
              <Stack gap="lg">
                {published ? null : (
                  <form.Field name="source">
                    {(field) => (
                      <SegmentedChoice
                        label="试题来源"
                        data={SOURCE_CHOICES}
                        value={field.state.value}
                        onChange={(next) => {
                          field.handleChange(next);
                          setFormError(null);
                        }}
                      />
                    )}
                  </form.Field>
                )}
                {source === 'paper' ? (
                  <Stack gap="md">
                    <Title order={2} fz="h4">
                      试题
                    </Title>
                    <form.AppField
                      name="sourcePaperId"
                      validators={{
                        onChangeListenTo: ['source'],
                        onChange: ({ value, fieldApi }) =>
                          sourcePaperError(fieldApi.form.getFieldValue('source'), value),
                      }}
                      listeners={{ onChange: () => setFormError(null) }}
                    >
                      {() => <SourcePaperSelect disabled={published} chosen={chosenPaper.data} />}
                    </form.AppField>
                    {sourcePaperId ? <SourcePaperPreview paperId={sourcePaperId} /> : null}
                  </Stack>
                ) : null}
                <form.Field
                  name="questions"
                  validators={{
                    onChangeListenTo: ['source'],
                    onChange: ({ value, fieldApi }) =>
                      questionsProblem(fieldApi.form.getFieldValue('source'), value),
                  }}
                >
                  {(field) =>
                    // hidden, not dropped, while a paper is chosen: switching back keeps the editor's work
                    source === 'manual' ? (
                      <QuestionEditor
                        questions={field.state.value}
                        onChange={(next) => {
                          field.handleChange(next);
                          setQuestionErrors({});
                        }}
                        disabled={published}
                        showProblems={submitted}
                        serverProblems={questionErrors}
                      />
                    ) : null
                  }
                </form.Field>
              </Stack>
            </Paper>

            {formError ? (
              <Alert
                color="red"
                variant="light"
                role="alert"
                icon={<IconAlertTriangle size={18} aria-hidden />}
                title="没有保存"
              >
                {formError}
              </Alert>
            ) : null}
            <form.Subscribe
              selector={(state) =>
                state.submissionAttempts > 0
                  ? questionsProblem(state.values.source, state.values.questions)
                  : undefined
              }
            >
              {(problem) =>
                problem ? (
                  <Text size="sm" c="red" role="alert">
                    试卷还不能保存：{problem}
                  </Text>
                ) : null
              }
            </form.Subscribe>

            <Group justify="flex-end" gap="sm">
              <Button
                variant="default"
                disabled={submitting}
                renderRoot={(props) => <Link {...props} to={EXAM_TEACHER_PATHS.list} />}
              >
                取消
              </Button>
              <Button type="submit" loading={submitting}>
                {exam ? '保存修改' : '创建考试'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
