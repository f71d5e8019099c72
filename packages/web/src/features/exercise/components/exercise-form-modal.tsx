import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import type { Exercise, ExerciseTag, ExerciseType } from '@dfrm/sdk/resource';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useStore } from '@tanstack/react-form';
import { useMutation } from '@tanstack/react-query';
import { Hint } from '@/components/hint/hint';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import { firstErrorMessage, useAppForm } from '@/lib/form';
import { NumberField, SelectField, TextareaField } from '@/lib/form-fields';
import { saveExerciseMutation } from '@/features/exercise/api/exercise-mutations';
import {
  blankCount,
  CODE_LANGUAGE_LABELS,
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  EXERCISE_TYPE_LABELS,
  EXERCISE_TYPES,
  hasOptions,
} from '@/features/exercise/exercise-labels';
import {
  exerciseFormSchema,
  exerciseFormValues,
  exerciseSaveRequest,
  OPTION_KEYS,
} from '@/features/exercise/forms/exercise-schemas';
import { tagOptions } from './tag-options';

const TYPE_CHOICES = EXERCISE_TYPES.map((type) => ({
  value: String(type),
  label: EXERCISE_TYPE_LABELS[type],
}));
const DIFFICULTY_CHOICES = DIFFICULTIES.map((level) => ({
  value: String(level),
  label: DIFFICULTY_LABELS[level],
}));
const JUDGE_CHOICES = [
  { value: 'T', label: '正确' },
  { value: 'F', label: '错误' },
];
const LANGUAGE_CHOICES = Object.entries(CODE_LANGUAGE_LABELS).map(([value, label]) => ({ value, label }));

/** 新建习题 / 编辑习题 in a dialog; `exercise` null means a new one in `tagId`. */
export function ExerciseFormModal({
  opened,
  onClose,
  exercise,
  tagId,
  tags,
}: {
  opened: boolean;
  onClose: () => void;
  exercise: Exercise | null;
  tagId: string;
  tags: readonly ExerciseTag[];
}) {
  const title = exercise ? '编辑习题' : '新建习题';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {opened ? (
        <ExerciseForm
          key={exercise?.exerciseId ?? 'new'}
          title={title}
          exercise={exercise}
          tagId={tagId}
          tags={tags}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}

function ExerciseForm({
  title,
  exercise,
  tagId,
  tags,
  onDone,
}: {
  title: string;
  exercise: Exercise | null;
  tagId: string;
  tags: readonly ExerciseTag[];
  onDone: () => void;
}) {
  const save = useMutation(saveExerciseMutation());
  const form = useAppForm({
    defaultValues: exerciseFormValues(exercise, tagId),
    // on every change (an error goes once it is fixed) and on submit; shown once submitted
    validators: { onChange: exerciseFormSchema },
    onSubmit: async ({ value }) => {
      try {
        await save.mutateAsync(exerciseSaveRequest(value, exercise?.exerciseId));
        notifications.show({ color: 'teal', message: exercise ? '习题已保存' : '习题已新建' });
        onDone();
      } catch {
        // the server's reason (题型与字段) arrives as the global error notification
      }
    },
  });
  // errors of the controls bound by hand wait for the first submit, as the bound inputs' do
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  const shown = (errors: readonly unknown[]) => (submitted ? firstErrorMessage(errors) : undefined);
  const type = Number(useStore(form.store, (state) => state.values.type)) as ExerciseType;
  const blanks = blankCount(useStore(form.store, (state) => state.values.content));
  const single = type === 1;
  // The options of a choice question: text and a 正确 box each, A–H, 2–8 of them.
  const options = (
    <form.Field name="options" mode="array">
      {(field) => (
        <Stack gap="xs">
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              选项（勾选正确的{single ? '一个' : '两个及以上'}）
            </Text>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} aria-hidden />}
              disabled={field.state.value.length >= OPTION_KEYS.length}
              onClick={() => field.pushValue({ content: '', right: false })}
            >
              添加选项
            </Button>
          </Group>
          {field.state.value.map((_, index) => {
            const key = OPTION_KEYS[index]!;
            return (
              <Group key={index} gap="sm" wrap="nowrap" align="flex-start">
                <form.Field name={`options[${index}].right`}>
                  {(right) => (
                    <Checkbox
                      mt={8}
                      aria-label={`选项 ${key} 正确`}
                      checked={right.state.value}
                      onChange={(event) => {
                        const checked = event.currentTarget.checked;
                        if (single && checked)
                          field.state.value.forEach((__, other) => {
                            if (other !== index) form.setFieldValue(`options[${other}].right`, false);
                          });
                        right.handleChange(checked);
                      }}
                    />
                  )}
                </form.Field>
                <form.Field name={`options[${index}].content`}>
                  {(content) => (
                    <TextInput
                      style={{ flex: 1 }}
                      leftSection={<Text size="sm">{key}</Text>}
                      aria-label={`选项 ${key}`}
                      value={content.state.value}
                      onChange={(event) => content.handleChange(event.currentTarget.value)}
                      error={shown(content.state.meta.errors)}
                    />
                  )}
                </form.Field>
                <Hint label="删除选项">
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    mt={4}
                    aria-label={`删除选项 ${key}`}
                    disabled={field.state.value.length <= 2}
                    onClick={() => field.removeValue(index)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Hint>
              </Group>
            );
          })}
          <FieldError message={shown(field.state.meta.errors)} />
        </Stack>
      )}
    </form.Field>
  );

  return (
    <form
      noValidate
      aria-label={title}
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        <form.Field name="type">
          {(field) => (
            <div>
              <Text size="sm" fw={500} mb={4} aria-hidden>
                题型
              </Text>
              <SegmentedChoice
                label="题型"
                data={TYPE_CHOICES}
                value={field.state.value}
                onChange={(value) => field.handleChange(value)}
              />
            </div>
          )}
        </form.Field>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <form.AppField name="tagId">
            {() => (
              <SelectField
                label="所属题库"
                required
                data={tagOptions(tags)}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </form.AppField>
          <form.AppField name="difficulty">
            {() => (
              <SelectField
                label="难度"
                required
                data={DIFFICULTY_CHOICES}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          </form.AppField>
          <form.AppField name="score">
            {() => <NumberField label="默认分值" required min={0.5} max={100} step={0.5} decimalScale={1} />}
          </form.AppField>
        </SimpleGrid>
        <form.AppField name="content">
          {() => (
            <TextareaField
              label="题干"
              required
              rows={3}
              description={type === 4 ? '用 ____（四个及以上下划线）标出每个空' : undefined}
            />
          )}
        </form.AppField>

        {hasOptions(type) ? options : null}

        {type === 3 ? (
          <form.Field name="judge">
            {(field) => (
              <div>
                <Text size="sm" fw={500} mb={4} aria-hidden>
                  答案
                </Text>
                <SegmentedChoice
                  label="答案"
                  data={JUDGE_CHOICES}
                  value={field.state.value}
                  onChange={(value) => field.handleChange(value)}
                />
                <FieldError message={shown(field.state.meta.errors)} />
              </div>
            )}
          </form.Field>
        ) : null}

        {type === 4 ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              各空答案
            </Text>
            {blanks === 0 ? (
              <Text size="sm" c="dimmed">
                题干中还没有空。
              </Text>
            ) : null}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {Array.from({ length: blanks }, (_, index) => (
                <form.Field key={index} name={`blanks[${index}]`}>
                  {(field) => (
                    <TextInput
                      label={`第 ${index + 1} 空`}
                      value={field.state.value ?? ''}
                      onChange={(event) => field.handleChange(event.currentTarget.value)}
                      error={shown(field.state.meta.errors)}
                    />
                  )}
                </form.Field>
              ))}
            </SimpleGrid>
            <form.AppField name="tolerance">
              {() => (
                <NumberField
                  label="数值容差"
                  description="0 表示逐空精确比对；大于 0 时各空答案须为数字，作答与答案相差不超过容差即判对"
                  min={0}
                  max={1_000_000}
                  w={260}
                />
              )}
            </form.AppField>
          </Stack>
        ) : null}

        {type === 6 ? (
          <>
            <form.AppField name="codeLanguage">
              {() => (
                <SelectField
                  label="编程语言"
                  required
                  data={LANGUAGE_CHOICES}
                  w={200}
                  comboboxProps={{ withinPortal: true }}
                />
              )}
            </form.AppField>
            <form.AppField name="codeTemplate">
              {() => <TextareaField label="初始代码" rows={3} ff="monospace" />}
            </form.AppField>
          </>
        ) : null}

        {type === 5 || type === 6 ? (
          <form.AppField name="reference">
            {() => (
              <TextareaField
                label={type === 5 ? '参考答案' : '参考代码'}
                required
                rows={3}
                {...(type === 6 ? { ff: 'monospace' } : {})}
              />
            )}
          </form.AppField>
        ) : null}

        <form.AppField name="analysis">
          {() => <TextareaField label="解析" placeholder="选填" rows={2} />}
        </form.AppField>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            取消
          </Button>
          <form.AppForm>
            <form.SubmitButton>保存</form.SubmitButton>
          </form.AppForm>
        </Group>
      </Stack>
    </form>
  );
}

function FieldError({ message }: { message: string | undefined }) {
  return message ? (
    <Text size="xs" c="red" mt={4} role="alert">
      {message}
    </Text>
  ) : null;
}
