import type { CourseV2Item } from '@dfrm/sdk/tms';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { firstErrorMessage, useAppForm } from '@/lib/form';
import { TextareaField } from '@/lib/form-fields';
import { saveCourseMutation } from '@/features/teaching-class/api/course-mutations';
import { courseByIdQuery } from '@/features/teaching-class/api/course-queries';
import { AREA_PATHS } from '@/features/teaching-class/area';
import type { TeachingArea } from '@/shared/teaching-area';
import { ClassPicker } from '@/features/teaching-class/components/class-picker';
import { useCurrentSchool } from '@/features/teaching-class/components/use-current-school';
import {
  classIdsSchema,
  type CourseFormValues,
  courseNameSchema,
  dateSchema,
  descriptionSchema,
  endDateError,
} from '@/features/teaching-class/forms/course-schema';
import { DateField } from '@/features/teaching-class/forms/date-field';

export interface AddClassPageProps {
  area: TeachingArea;
  /** Edit this course; without it the page creates one. */
  courseId?: string | undefined;
}

/** 新建课程 / 编辑课程: name, description, dates and the administrative classes. */
export function AddClassPage({ area, courseId }: AddClassPageProps) {
  const { schoolId } = useCurrentSchool();
  return courseId ? (
    <EditCourse area={area} schoolId={schoolId} courseId={courseId} />
  ) : (
    <CourseForm area={area} schoolId={schoolId} />
  );
}

function EditCourse({
  area,
  schoolId,
  courseId,
}: {
  area: TeachingArea;
  schoolId: string;
  courseId: string;
}) {
  const { data: course } = useSuspenseQuery(courseByIdQuery(schoolId, courseId));
  return <CourseForm area={area} schoolId={schoolId} course={course} />;
}

function CourseForm({
  area,
  schoolId,
  course,
}: {
  area: TeachingArea;
  schoolId: string;
  course?: CourseV2Item;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const save = useMutation(saveCourseMutation(queryClient));
  const listPath = AREA_PATHS[area].list;
  const defaultValues: CourseFormValues = course
    ? {
        courseName: course.courseName,
        description: course.description,
        startDate: course.startDate,
        endDate: course.endDate,
        classIds: course.teachingClasses.map((tc) => tc.classId),
      }
    : { courseName: '', description: '', startDate: '', endDate: '', classIds: [] };

  const form = useAppForm({
    defaultValues,
    onSubmit: async ({ value }) => {
      try {
        const saved = await save.mutateAsync({
          schoolId,
          ...(course ? { courseId: course.courseId } : {}),
          courseName: value.courseName.trim(),
          description: value.description.trim(),
          startDate: value.startDate,
          endDate: value.endDate,
          classIds: value.classIds,
        });
        notifications.show({
          color: 'teal',
          message: course
            ? `已保存课程「${saved.courseName}」`
            : `已创建课程「${saved.courseName}」，生成 ${saved.teachingClasses.length} 个教学班`,
        });
        await navigate({ to: listPath });
      } catch {
        // The server's message (同名课程 etc.) is shown by the global error notification.
      }
    },
  });

  return (
    <Stack gap="md" maw={1080}>
      <div>
        <Title order={1} fz="h3">
          {course ? '编辑课程' : '新建课程'}
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {course ? course.courseName : '填写课程信息并选择上课的行政班。'}
        </Text>
      </div>
      <form
        noValidate
        aria-label={course ? '编辑课程' : '新建课程'}
        onSubmit={(event) => {
          event.preventDefault();
          void form.handleSubmit();
        }}
      >
        <Paper withBorder radius="lg" p="lg">
          <Stack gap="md">
            <form.AppField name="courseName" validators={{ onChange: courseNameSchema }}>
              {(field) => (
                <field.TextField label="课程名称" required maxLength={50} placeholder="如：量化投资基础" />
              )}
            </form.AppField>
            <form.AppField name="description" validators={{ onChange: descriptionSchema }}>
              {() => <TextareaField label="课程简介" rows={4} placeholder="选填" />}
            </form.AppField>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <form.AppField name="startDate" validators={{ onChange: dateSchema }}>
                {() => <DateField label="开课日期" required />}
              </form.AppField>
              <form.AppField
                name="endDate"
                validators={{
                  onChangeListenTo: ['startDate'],
                  onChange: ({ value, fieldApi }) =>
                    endDateError(fieldApi.form.getFieldValue('startDate'), value),
                }}
              >
                {() => <DateField label="结课日期" required />}
              </form.AppField>
            </SimpleGrid>
            <form.Field name="classIds" validators={{ onChange: classIdsSchema }}>
              {(field) => (
                <form.Subscribe selector={(state) => state.submissionAttempts > 0}>
                  {(submitted) => (
                    <ClassPicker
                      schoolId={schoolId}
                      value={field.state.value}
                      onChange={(ids) => field.handleChange(ids)}
                      error={
                        submitted || field.state.meta.isDirty
                          ? firstErrorMessage(field.state.meta.errors)
                          : undefined
                      }
                    />
                  )}
                </form.Subscribe>
              )}
            </form.Field>
            {course ? (
              <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
                取消勾选的行政班，其教学班和学生会从课程中移除（已提交的作业记录保留）。
              </Alert>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" component={Link} to={listPath}>
                取消
              </Button>
              <form.AppForm>
                <form.SubmitButton>{course ? '保存' : '创建课程'}</form.SubmitButton>
              </form.AppForm>
            </Group>
          </Stack>
        </Paper>
      </form>
    </Stack>
  );
}
