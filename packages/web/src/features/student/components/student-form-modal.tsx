import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import '@mantine/core/styles/ScrollArea.layer.css';
import type { SchoolClass, StudentGender, StudentItem } from '@dfrm/sdk/tms';
import { Button, Group, Modal, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useAppForm } from '@/lib/form';
import { SelectField } from '@/lib/form-fields';
import { saveStudentMutation } from '@/features/student/api/student-mutations';
import type { StudentScope } from '@/features/student/api/student-queries';
import {
  classIdSchema,
  emailSchema,
  passwordSchema,
  phoneSchema,
  type StudentFormValues,
  studentNameSchema,
  studentNumberSchema,
  userNameSchema,
} from '@/features/student/forms/student-schema';
import { STUDENT_GENDER_LABELS } from '@/shared/labels';

const GENDERS = ([1, 2, 0] as const).map((value) => ({
  value: String(value),
  label: STUDENT_GENDER_LABELS[value],
}));

/** 新增学生 / 编辑学生 in a dialog; `student` null means a new one. */
export function StudentFormModal({
  opened,
  onClose,
  scope,
  schoolId,
  classes,
  student,
}: {
  opened: boolean;
  onClose: () => void;
  scope: StudentScope;
  schoolId: string;
  classes: readonly SchoolClass[];
  student: StudentItem | null;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={student ? '编辑学生' : '新增学生'} size="lg">
      {opened ? (
        <StudentForm
          key={student?.studentId ?? 'new'}
          scope={scope}
          schoolId={schoolId}
          classes={classes}
          student={student}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function StudentForm({
  scope,
  schoolId,
  classes,
  student,
  onDone,
}: {
  scope: StudentScope;
  schoolId: string;
  classes: readonly SchoolClass[];
  student: StudentItem | null;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const save = useMutation(saveStudentMutation(queryClient, scope));
  const classOptions = classes.map((item) => ({ value: item.classId, label: item.className }));
  // A student's own class is offered even when the class list could not be read.
  if (student && !classOptions.some((option) => option.value === student.classId)) {
    classOptions.unshift({ value: student.classId, label: student.className });
  }
  const defaultValues: StudentFormValues = {
    studentNumber: student?.studentNumber ?? '',
    studentName: student?.studentName ?? '',
    gender: String(student?.gender ?? 1),
    classId: student?.classId ?? '',
    phoneNumber: student?.phoneNumber ?? '',
    email: student?.email ?? '',
    userName: '',
    password: '',
  };
  const form = useAppForm({
    defaultValues,
    onSubmit: async ({ value }) => {
      try {
        const saved = await save.mutateAsync({
          schoolId,
          ...(student ? { studentId: student.studentId } : {}),
          studentNumber: value.studentNumber.trim(),
          studentName: value.studentName.trim(),
          classId: value.classId,
          gender: Number(value.gender) as StudentGender,
          phoneNumber: value.phoneNumber.trim(),
          email: value.email.trim(),
          ...(!student && value.userName.trim() ? { userName: value.userName.trim() } : {}),
          ...(!student && value.password ? { password: value.password } : {}),
        });
        notifications.show({
          color: 'teal',
          message: student ? `已保存学生「${saved.studentName}」` : `已新增学生「${saved.studentName}」`,
        });
        onDone();
      } catch {
        // 学号已被占用 and the like arrive as the global error notification.
      }
    },
  });

  return (
    <form
      noValidate
      aria-label={student ? '编辑学生' : '新增学生'}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <form.AppField name="studentNumber" validators={{ onChange: studentNumberSchema }}>
            {(field) => <field.TextField label="学号" required maxLength={32} />}
          </form.AppField>
          <form.AppField name="studentName" validators={{ onChange: studentNameSchema }}>
            {(field) => <field.TextField label="姓名" required maxLength={32} />}
          </form.AppField>
          <form.AppField name="classId" validators={{ onChange: classIdSchema }}>
            {() => (
              <SelectField label="行政班" required searchable data={classOptions} placeholder="选择行政班" />
            )}
          </form.AppField>
          <form.AppField name="gender">
            {() => <SelectField label="性别" data={GENDERS} allowDeselect={false} />}
          </form.AppField>
          <form.AppField name="phoneNumber" validators={{ onChange: phoneSchema }}>
            {(field) => <field.TextField label="手机号" placeholder="选填" maxLength={11} />}
          </form.AppField>
          <form.AppField name="email" validators={{ onChange: emailSchema }}>
            {(field) => <field.TextField label="邮箱" placeholder="选填" maxLength={100} />}
          </form.AppField>
          {student ? null : (
            <>
              <form.AppField name="userName" validators={{ onChange: userNameSchema }}>
                {(field) => (
                  <field.TextField label="登录账号" placeholder="选填，默认为学号" maxLength={64} />
                )}
              </form.AppField>
              <form.AppField name="password" validators={{ onChange: passwordSchema }}>
                {(field) => (
                  <field.PasswordField
                    label="初始密码"
                    placeholder="选填，默认为学号后 6 位"
                    visibilityToggleButtonProps={{ 'aria-label': '显示或隐藏密码' }}
                  />
                )}
              </form.AppField>
            </>
          )}
        </SimpleGrid>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            取消
          </Button>
          <form.AppForm>
            <form.SubmitButton>{student ? '保存' : '新增'}</form.SubmitButton>
          </form.AppForm>
        </Group>
      </Stack>
    </form>
  );
}
