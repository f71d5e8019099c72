import { Anchor, Button, Container, Group, Input, Paper, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft } from '@tabler/icons-react';
import { useStore } from '@tanstack/react-form';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useRef, useState } from 'react';
import { useSchoolId } from '@/shared/session/current-school-id';
import { FileDrop } from '@/components/file-drop/file-drop';
import { useUploadQueue } from '@/components/file-drop/use-upload-queue';
import { useAppForm } from '@/lib/form';
import { SelectField, TextareaField } from '@/lib/form-fields';
import { uploadCoursewareFile } from '@/features/courseware/api/courseware-mutations';
import { coursewareCoursesQuery, coursewareKeys } from '@/features/courseware/api/courseware-queries';
import { COURSEWARE_FILE_RULES, TEACHER_COURSEWARE_PATHS } from '@/features/courseware/courseware-paths';
import type { TeachingArea } from '@/shared/teaching-area';
import {
  coursewareCourseSchema,
  coursewareDescriptionSchema,
  coursewareNameSchema,
} from '@/features/courseware/forms/courseware-schemas';

export interface AddCoursewarePageProps {
  area: TeachingArea;
  /** Course chosen in advance (from the list's filter). */
  courseId?: string | undefined;
}

const baseName = (fileName: string) => fileName.replace(/\.[^.]+$/, '');

/** 上传课件: name, description and course, then the files, uploaded one by one with progress. */
export function AddCoursewarePage({ area, courseId }: AddCoursewarePageProps) {
  const schoolId = useSchoolId();
  const paths = TEACHER_COURSEWARE_PATHS[area];
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: courses } = useSuspenseQuery(coursewareCoursesQuery(schoolId));
  const queue = useUploadQueue();
  const [filesError, setFilesError] = useState<string | null>(null);
  // The first file creates the courseware; later files (and retries) are added to it.
  const created = useRef<{ courseWareId: string; courseId: string } | null>(null);

  const form = useAppForm({
    defaultValues: {
      courseWareName: '',
      description: '',
      courseId: courses.some((c) => c.courseId === courseId) ? (courseId ?? '') : '',
    },
    onSubmit: async ({ value }) => {
      const pending = queue.items.filter((item) => item.status === 'waiting' || item.status === 'failed');
      if (pending.length === 0) {
        // Nothing chosen (the drop area says so), or everything went up on an earlier try.
        if (created.current) await finish(created.current.courseId);
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
      if (created.current) await finish(created.current.courseId);
    },
  });

  async function finish(savedCourseId: string) {
    notifications.show({ color: 'teal', message: '课件已上传' });
    await navigate({ to: paths.list, search: { courseId: savedCourseId } });
  }

  const submitting = useStore(form.store, (state) => state.isSubmitting);

  return (
    <Container size="md" py="md">
      <Stack gap="lg">
        <div>
          <Anchor component={Link} to={paths.list} size="sm" c="dimmed">
            <Group gap={4} component="span">
              <IconArrowLeft size={14} aria-hidden />
              返回课件列表
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

              <form.AppField name="courseId" validators={{ onChange: coursewareCourseSchema }}>
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

              <Input.Wrapper label="文件" required error={filesError} labelElement="div">
                <Text size="xs" c="dimmed" mb={6}>
                  第一个文件创建课件，其余文件作为它的附件。
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
                  label="上传课件文件"
                  disabled={submitting}
                />
              </Input.Wrapper>

              <Group justify="flex-end" gap="sm">
                <Button component={Link} to={paths.list} variant="default">
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
