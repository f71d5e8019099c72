import '@mantine/core/styles/Badge.layer.css';
import type { AnnounceDetail, CourseItem } from '@dfrm/sdk/tms';
import { Anchor, Badge, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconEye } from '@tabler/icons-react';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { BackLink } from '@/components/page/back-link';
import { useStore } from '@tanstack/react-form';
import { useRef, useState } from 'react';
import { useSchoolId } from '@/shared/session/current-school-id';
import { RichTextField } from '@/components/rich-text/rich-text-input';
import { useAppForm } from '@/lib/form';
import { CheckboxGroupField, SelectField } from '@/lib/form-fields';
import { saveNoticeMutation } from '@/features/notice/api/notice-mutations';
import { noticeCoursesQuery, noticeDetailQuery } from '@/features/notice/api/notice-queries';
import { type NoticePreview, NoticePreviewModal } from '@/features/notice/components/notice-preview-modal';
import {
  noticeClassesSchema,
  noticeContentSchema,
  noticeCourseSchema,
  noticeTitleSchema,
  publishClassesError,
} from '@/features/notice/forms/notice-schemas';
import { TEACHER_NOTICE_PATHS } from '@/features/notice/notice-paths';
import { ANNOUNCE_STATUS_LABELS } from '@/shared/labels';
import type { TeachingArea } from '@/shared/teaching-area';

export interface NoticeEditPageProps {
  area: TeachingArea;
  /** Editing this notice; a new one without it. */
  announceId?: string | undefined;
  /** Course chosen in advance for a new notice (from the list's filter). */
  courseId?: string | undefined;
  /** Where saving and 取消 lead (the class page it was opened from); the notice list without it. */
  returnTo?: string | undefined;
}

/** 发布通知 / 编辑通知. */
export function NoticeEditPage({ area, announceId, courseId, returnTo }: NoticeEditPageProps) {
  const schoolId = useSchoolId();
  const { data: courses } = useSuspenseQuery(noticeCoursesQuery(schoolId));
  return announceId ? (
    <ExistingNotice
      area={area}
      schoolId={schoolId}
      announceId={announceId}
      courses={courses}
      returnTo={returnTo}
    />
  ) : (
    <NoticeForm
      area={area}
      schoolId={schoolId}
      courses={courses}
      initialCourseId={courseId}
      returnTo={returnTo}
    />
  );
}

function ExistingNotice({
  area,
  schoolId,
  announceId,
  courses,
  returnTo,
}: {
  area: TeachingArea;
  schoolId: string;
  announceId: string;
  courses: CourseItem[];
  returnTo: string | undefined;
}) {
  const { data: notice } = useSuspenseQuery(noticeDetailQuery(schoolId, announceId));
  return (
    <NoticeForm
      key={announceId}
      area={area}
      schoolId={schoolId}
      courses={courses}
      notice={notice}
      returnTo={returnTo}
    />
  );
}

const classIdsOf = (courses: readonly CourseItem[], courseId: string) =>
  courses.find((course) => course.courseId === courseId)?.teachingClasses.map((c) => c.teachingClassId) ?? [];

function NoticeForm({
  area,
  schoolId,
  courses,
  notice,
  initialCourseId,
  returnTo,
}: {
  area: TeachingArea;
  schoolId: string;
  courses: CourseItem[];
  notice?: AnnounceDetail;
  initialCourseId?: string | undefined;
  returnTo?: string | undefined;
}) {
  const paths = TEACHER_NOTICE_PATHS[area];
  const navigate = useNavigate();
  const save = useMutation(saveNoticeMutation());
  const startCourse =
    notice?.courseId ??
    (courses.some((c) => c.courseId === initialCourseId) ? initialCourseId : undefined) ??
    '';
  const published = notice?.status === 1;
  // What the submit in progress is for: publishing needs a class, a draft does not.
  const intent = useRef<0 | 1>(1);
  const [preview, setPreview] = useState<NoticePreview | null>(null);
  const startClasses = notice?.visibleClasses.map((c) => c.teachingClassId) ?? [];
  const startCourseClasses = classIdsOf(courses, startCourse);

  const form = useAppForm({
    defaultValues: {
      title: notice?.title ?? '',
      courseId: startCourse,
      // A new notice goes to every class of its course unless the teacher unticks some; a notice
      // kept for no class in a course of one class gets that class ticked, as there is no other choice.
      teachingClassIds: !notice
        ? startCourseClasses
        : startClasses.length === 0 && startCourseClasses.length === 1
          ? startCourseClasses
          : startClasses,
      content: notice?.content ?? '',
    },
    onSubmitMeta: { status: 1 as 0 | 1 },
    onSubmit: async ({ value, meta }) => {
      let saved: AnnounceDetail;
      try {
        saved = await save.mutateAsync({
          schoolId,
          ...(notice ? { announceId: notice.announceId } : {}),
          courseId: value.courseId,
          title: value.title.trim(),
          content: value.content,
          status: meta.status,
          teachingClassIds: value.teachingClassIds,
        });
      } catch {
        return; // the global handler shows the server's message
      }
      notifications.show({
        color: 'teal',
        message: meta.status === 1 ? (published ? '通知已更新' : '通知已发布') : '草稿已保存',
      });
      await (returnTo
        ? navigate({ href: returnTo })
        : navigate({ to: paths.list, search: { courseId: saved.courseId } }));
    },
  });

  const chosenCourse = useStore(form.store, (state) => state.values.courseId);
  const course = courses.find((c) => c.courseId === chosenCourse);
  const classOptions = (course?.teachingClasses ?? []).map((c) => ({
    value: c.teachingClassId,
    label: `${c.className}（${c.studentCount} 人）`,
  }));
  const submitting = useStore(form.store, (state) => state.isSubmitting);
  const submit = (status: 0 | 1) => {
    intent.current = status;
    void form.handleSubmit({ status });
  };
  const openPreview = () => {
    const { title, content, teachingClassIds } = form.state.values;
    const chosen = new Set(teachingClassIds);
    setPreview({
      title: title.trim(),
      courseName: course?.courseName ?? '',
      classNames: (course?.teachingClasses ?? [])
        .filter((c) => chosen.has(c.teachingClassId))
        .map((c) => c.className),
      content,
    });
  };

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Anchor
            size="sm"
            c="dimmed"
            renderRoot={(props) =>
              returnTo ? <BackLink {...props} href={returnTo} /> : <Link {...props} to={paths.list} />
            }
          >
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {returnTo ? '返回课程' : '返回通知列表'}
            </Group>
          </Anchor>
          <Group gap="sm" mt="xs">
            <Title order={1} fz="h2">
              {notice ? '编辑通知' : '发布通知'}
            </Title>
            {notice ? (
              <Badge variant="light" color={published ? 'teal' : 'gray'} radius="sm">
                {ANNOUNCE_STATUS_LABELS[notice.status]}
              </Badge>
            ) : null}
          </Group>
        </div>

        <Paper withBorder radius="lg" p="xl">
          <form
            noValidate
            aria-label={notice ? '编辑通知' : '发布通知'}
            onSubmit={(event) => {
              event.preventDefault();
              submit(1);
            }}
          >
            <Stack gap="lg">
              <form.AppField name="title" validators={{ onChange: noticeTitleSchema }}>
                {(field) => (
                  <field.TextField label="标题" placeholder="请输入通知标题" required maxLength={100} />
                )}
              </form.AppField>

              <form.AppField
                name="courseId"
                validators={{ onChange: noticeCourseSchema }}
                listeners={{
                  onChange: ({ value }) => form.setFieldValue('teachingClassIds', classIdsOf(courses, value)),
                }}
              >
                {() => (
                  <SelectField
                    label="课程"
                    placeholder={courses.length > 0 ? '请选择课程' : '还没有课程'}
                    required
                    data={courses.map((c) => ({ value: c.courseId, label: c.courseName }))}
                    nothingFoundMessage="没有匹配的课程"
                    searchable
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              </form.AppField>

              <form.AppField
                name="teachingClassIds"
                validators={{
                  onChange: noticeClassesSchema,
                  onSubmit: ({ value }) => (intent.current === 1 ? publishClassesError(value) : undefined),
                }}
              >
                {() => (
                  <CheckboxGroupField
                    label="可见教学班"
                    required
                    description="只有勾选的教学班的学生能看到这条通知；发布时至少选择一个，草稿可以暂不选择。"
                    options={classOptions}
                    empty={
                      <Text size="sm" c="dimmed" pt={6}>
                        {course ? '这门课程还没有教学班。' : '请先选择课程。'}
                      </Text>
                    }
                  />
                )}
              </form.AppField>

              <form.AppField name="content" validators={{ onChange: noticeContentSchema }}>
                {() => <RichTextField label="通知内容" required />}
              </form.AppField>

              <Group justify="flex-end" gap="sm">
                <Button
                  variant="default"
                  disabled={submitting}
                  renderRoot={(props) =>
                    returnTo ? <BackLink {...props} href={returnTo} /> : <Link {...props} to={paths.list} />
                  }
                >
                  取消
                </Button>
                <Button
                  variant="light"
                  loading={submitting && save.variables?.status === 0}
                  disabled={submitting}
                  onClick={() => submit(0)}
                >
                  {published ? '撤回为草稿' : '保存草稿'}
                </Button>
                <Button
                  variant="default"
                  leftSection={<IconEye size={16} aria-hidden />}
                  disabled={submitting}
                  onClick={openPreview}
                >
                  预览
                </Button>
                <Button type="submit" loading={submitting && save.variables?.status !== 0}>
                  {published ? '保存修改' : '发布'}
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
      <NoticePreviewModal preview={preview} onClose={() => setPreview(null)} />
    </Container>
  );
}
