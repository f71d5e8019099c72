import { Button, Group, Modal, Stack } from '@mantine/core';
import * as z from 'zod/mini';
import { useAppForm } from '@/lib/form';
import { SelectField, TextareaField } from '@/lib/form-fields';

export interface NameFormValues {
  name: string;
  description: string;
  /** Only when the dialog asks for a school (a new user group). */
  schoolId: string;
}

/**
 * A dialog with a name (and, for user groups, a description): new school,
 * renamed school, new or edited group. `onSubmit` resolves true when saved;
 * server refusals (重名) arrive as the global error notification and keep it open.
 */
export function NameFormModal({
  opened,
  title,
  nameLabel,
  maxLength,
  withDescription = false,
  schools,
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: {
  opened: boolean;
  title: string;
  nameLabel: string;
  maxLength: number;
  withDescription?: boolean;
  /** Offers a school to choose first (new user group). */
  schools?: { value: string; label: string }[] | undefined;
  initial: NameFormValues;
  submitLabel: string;
  onSubmit: (values: NameFormValues) => Promise<boolean>;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {opened ? (
        <NameForm
          nameLabel={nameLabel}
          maxLength={maxLength}
          withDescription={withDescription}
          schools={schools}
          initial={initial}
          submitLabel={submitLabel}
          onSubmit={onSubmit}
          onClose={onClose}
        />
      ) : null}
    </Modal>
  );
}

function NameForm({
  nameLabel,
  maxLength,
  withDescription,
  schools,
  initial,
  submitLabel,
  onSubmit,
  onClose,
}: Omit<Parameters<typeof NameFormModal>[0], 'opened' | 'title'>) {
  const nameSchema = z
    .string()
    .check(
      z.trim(),
      z.minLength(1, `请输入${nameLabel}`),
      z.maxLength(maxLength, `${nameLabel}最长 ${maxLength} 个字符`),
    );
  const form = useAppForm({
    defaultValues: initial,
    onSubmit: async ({ value }) => {
      const saved = await onSubmit({
        name: value.name.trim(),
        description: value.description.trim(),
        schoolId: value.schoolId,
      });
      if (saved) onClose();
    },
  });
  return (
    <form
      noValidate
      aria-label={nameLabel}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        {schools ? (
          <form.AppField
            name="schoolId"
            validators={{ onChange: z.string().check(z.minLength(1, '请选择学校')) }}
          >
            {() => (
              <SelectField
                label="所属学校"
                withAsterisk
                data={schools}
                searchable
                nothingFoundMessage="没有这个学校"
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </form.AppField>
        ) : null}
        <form.AppField name="name" validators={{ onChange: nameSchema }}>
          {(field) => <field.TextField label={nameLabel} withAsterisk data-autofocus />}
        </form.AppField>
        {withDescription ? (
          <form.AppField
            name="description"
            validators={{ onChange: z.string().check(z.maxLength(500, '说明最长 500 个字符')) }}
          >
            {() => <TextareaField label="说明" rows={3} />}
          </form.AppField>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            取消
          </Button>
          <form.AppForm>
            <form.SubmitButton>{submitLabel}</form.SubmitButton>
          </form.AppForm>
        </Group>
      </Stack>
    </form>
  );
}
