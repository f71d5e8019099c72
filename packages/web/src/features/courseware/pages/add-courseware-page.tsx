import { Anchor, Button, Container, Group, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useStore } from '@tanstack/react-form';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { BackLink } from '@/components/page/back-link';
import { useRef, useState } from 'react';
import { useSchoolId } from '@/shared/session/current-school-id';
import { errorMessage } from '@/shared/error-notifications';
import { FileDrop } from '@/components/file-drop/file-drop';
import { useUploadQueue } from '@/components/file-drop/use-upload-queue';
import { useAppForm } from '@/lib/form';
import { CheckboxGroupField, SelectField, TextareaField } from '@/lib/form-fields';
import { shareCourseware, uploadCoursewareFile } from '@/features/courseware/api/courseware-mutations';
import { coursewareCoursesQuery, coursewareKeys } from '@/features/courseware/api/courseware-queries';
import { COURSEWARE_FILE_RULES, TEACHER_COURSEWARE_PATHS } from '@/features/courseware/courseware-paths';
import type { TeachingArea } from '@/shared/teaching-area';
import type { CourseItem } from '@dfrm/sdk/tms';
import {
  coursewareClassesError,
  coursewareCourseSchema,
  coursewareDescriptionSchema,
  coursewareNameSchema,
} from '@/features/courseware/forms/courseware-schemas';

export interface AddCoursewarePageProps {
  area: TeachingArea;
  /** Course chosen in advance (from the list's filter). */
  courseId?: string | undefined;
  /** Where 上传 and 取消 lead (a class page's 课件 tab); the courseware list otherwise. */
  returnTo?: string | undefined;
}

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

const classesOf = (courses: readonly CourseItem[], courseId: string) =>
  courses.find((course) => course.courseId === courseId)?.teachingClasses ?? [];

/** The only class of a one-class course is ticked; with several, the teacher picks. */
const startClasses = (courses: readonly CourseItem[], courseId: string) => {
  const classes = classesOf(courses, courseId);
  return classes.length === 1 ? classes.map((c) => c.teachingClassId) : [];
};

/** 上传课件: name, description and course, then the files, uploaded one by one with progress. */
export function AddCoursewarePage({ area, courseId, returnTo }: AddCoursewarePageProps) {
  const schoolId = useSchoolId();
  const paths = TEACHER_COURSEWARE_PATHS[area];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: courses } = useSuspenseQuery(coursewareCoursesQuery(schoolId));
  const queue = useUploadQueue();
  const [filesError, setFilesError] = useState<string | null>(null);
  // The first file creates the courseware; later files (and retries) are added to it.
  const created = useRef<{ courseWareId: string; courseId: string } | null>(null);

  const initialCourse = courses.some((c) => c.courseId === courseId) ? (courseId ?? '') : '';
  const form = useAppForm({
    defaultValues: {
      courseWareName: '',
      description: '',
      courseId: initialCourse,
      teachingClassIds: startClasses(courses, initialCourse),
    },
    onSubmit: async ({ value }) => {
      const pending = queue.items.filter((item) => item.status === 'waiting' || item.status === 'failed');
      if (pending.length === 0) {
        // Nothing chosen (the drop area says so), or everything went up on an earlier try.
        if (created.current) await finish(created.current, value.teachingClassIds);
        return;
      }
      // Moving the courseware to another course after its first file is not an upload's business.
      if (created.current && created.current.courseId !== value.courseId) created.current = null;
      const outcome = await queue.run(async (file, { onProgress, signal }) => {
        const saved = await uploadCoursewareFile(
          {
            schoolId,
            courseId: value.courseId,
            courseWareId: created.current?.courseWareId,
            courseWareName: value.courseWareName.trim(),
            description: value.description.trim() || undefined,
            file,
          },
          { onProgress, signal },
        );
        created.current = { courseWareId: saved.courseWareId, courseId: saved.courseId };
        return saved;
      });
      if (outcome.results.length > 0) await queryClient.invalidateQueries({ queryKey: coursewareKeys.all });
      if (outcome.failed > 0) {
        notifications.show({
          color: 'red',
          message: `${outcome.failed} 个文件上传失败，可修正后再次点击“上传”重试`,
        });
        return;
      }
      if (created.current) await finish(created.current, value.teachingClassIds);
    },
  });

  /** Shares the uploaded courseware with the ticked classes, then back to the list. */
  async function finish(saved: { courseWareId: string; courseId: string }, teachingClassIds: string[]) {
    if (teachingClassIds.length > 0) {
      try {
        await shareCourseware({ schoolId, courseWareId: saved.courseWareId, teachingClassIds });
      } catch (error) {
        // the files are up; 上传 again retries the share alone
        notifications.show({
          color: 'red',
          message: `课件已上传，但共享失败：${errorMessage(error)}，请再次点击“上传”重试`,
        });
        return;
      }
      await queryClient.invalidateQueries({ queryKey: coursewareKeys.all });
    }
    notifications.show({
      color: 'teal',
      message:
        teachingClassIds.length > 0
          ? `课件已上传，并共享给 ${teachingClassIds.length} 个教学班`
          : '课件已上传，暂未共享给教学班',
    });
    await (returnTo
      ? navigate({ href: returnTo })
      : navigate({ to: paths.list, search: { courseId: saved.courseId } }));
  }

  const submitting = useStore(form.store, (state) => state.isSubmitting);

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Anchor
            renderRoot={(props) =>
              returnTo ? <BackLink {...props} href={returnTo} /> : <Link {...props} to={paths.list} />
            }
            size="sm"
            c="dimmed"
          >
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              {returnTo ? '返回课程' : '返回课件列表'}
            </Group>
          </Anchor>
          <Title order={1} fz="h2" mt="xs">
            上传课件
          </Title>
        </div>

        <Paper withBorder radius="lg" p="xl">
          <form
            noValidate
            aria-label="上传课件"
            onSubmit={(event) => {
              event.preventDefault();
              const chosen = queue.items.some((item) => item.status !== 'canceled');
              setFilesError(chosen ? null : '请选择要上传的文件');
              // The fields are checked (and their messages shown) either way.
              void form.handleSubmit();
            }}
          >
            <Stack gap="lg">
              <form.AppField name="courseWareName" validators={{ onChange: coursewareNameSchema }}>
                {(field) => (
                  <field.TextField label="课件名称" placeholder="请输入课件名称" required maxLength={100} />
                )}
              </form.AppField>

              <form.AppField
                name="courseId"
                validators={{ onChange: coursewareCourseSchema }}
                listeners={{
                  onChange: ({ value }) =>
                    form.setFieldValue('teachingClassIds', startClasses(courses, value)),
                }}
              >
                {() => (
                  <SelectField
                    label="课程"
                    placeholder={courses.length > 0 ? '请选择课程' : '还没有课程'}
                    required
                    searchable
                    nothingFoundMessage="没有匹配的课程"
                    data={courses.map((c) => ({ value: c.courseId, label: c.courseName }))}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              </form.AppField>

              <form.Subscribe selector={(state) => state.values.courseId}>
                {(chosenCourse) => (
                  <form.AppField
                    name="teachingClassIds"
                    validators={{
                      onSubmit: ({ value }) =>
                        coursewareClassesError(value, classesOf(courses, chosenCourse).length),
                    }}
                  >
                    {() => (
                      <CheckboxGroupField
                        label="共享给教学班"
                        required={classesOf(courses, chosenCourse).length > 0}
                        description="勾选的教学班的学生上传后即可在“课程课件”中查看、预览和下载。"
                        options={classesOf(courses, chosenCourse).map((c) => ({
                          value: c.teachingClassId,
                          label: `${c.className}（${c.studentCount} 人）`,
                        }))}
                        empty={
                          <Text size="sm" c="dimmed" pt={6}>
                            {chosenCourse ? '这门课程还没有教学班，课件上传后暂不共享。' : '请先选择课程。'}
                          </Text>
                        }
                      />
                    )}
                  </form.AppField>
                )}
              </form.Subscribe>

              <form.AppField name="description" validators={{ onChange: coursewareDescriptionSchema }}>
                {() => (
                  <TextareaField
                    label="课件说明"
                    placeholder="选填：课件内容、使用说明等"
                    rows={4}
                    resize="vertical"
                    maxLength={1000}
                  />
                )}
              </form.AppField>

              <Input.Wrapper label="附件" required error={filesError} labelElement="div">
                <Text size="xs" c="dimmed" mb={6}>
                  课件的每个文件都是它的一个附件：可以一次选择多个（讲义、数据、代码），学生逐个下载或打包下载全部附件。
                </Text>
                <FileDrop
                  queue={{
                    items: queue.items,
                    remove: queue.remove,
                    add: (files) => {
                      queue.add(files);
                      setFilesError(null);
                      // A courseware named after its first file unless the teacher named it.
                      const first = files[0];
                      if (first && !form.getFieldValue('courseWareName').trim()) {
                        form.setFieldValue('courseWareName', baseName(first.name).slice(0, 100));
                      }
                    },
                  }}
                  rules={COURSEWARE_FILE_RULES}
                  label="上传附件"
                  disabled={submitting}
                />
              </Input.Wrapper>

              <Group justify="flex-end" gap="sm">
                <Button
                  renderRoot={(props) =>
                    returnTo ? <BackLink {...props} href={returnTo} /> : <Link {...props} to={paths.list} />
                  }
                  variant="default"
                >
                  取消
                </Button>
                <Button type="submit" loading={submitting}>
                  上传
                </Button>
              </Group>
            </Stack>
          </form>
        </Paper>
      </Stack>
    </Container>
  );
}
