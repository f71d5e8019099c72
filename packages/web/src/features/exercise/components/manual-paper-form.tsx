import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { Exercise, ExerciseTag, ExerciseType } from '@dfrm/sdk/resource';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useStore } from '@tanstack/react-form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { dataTableColumnHelper } from '@/components/data-table/data-table-features';
import { tableQueryState } from '@/components/data-table/query-state';
import { Hint } from '@/components/hint/hint';
import { firstErrorMessage, useAppForm } from '@/lib/form';
import { createManualPaperMutation } from '@/features/exercise/api/exercise-mutations';
import { exerciseListQuery, PICKER_PAGE_SIZE } from '@/features/exercise/api/exercise-queries';
import {
  DIFFICULTY_LABELS,
  EXERCISE_TYPE_LABELS,
  EXERCISE_TYPES,
  stemExcerpt,
} from '@/features/exercise/exercise-labels';
import {
  durationSchema,
  paperNameSchema,
  scoreError,
  sumScores,
} from '@/features/exercise/forms/exercise-schemas';
import {
  DescriptionInput,
  DurationInput,
  PassScoreInput,
  type PaperHeadValues,
  paperHeadDefaults,
  paperHeadRequest,
  passScoreError,
} from './paper-fields';
import { tagOptions } from './tag-options';

/** A chosen question: what the list shows of it and its score in this paper. */
interface PickedItem {
  exerciseId: string;
  type: ExerciseType;
  excerpt: string;
  score: number | string;
}

interface ManualPaperValues extends PaperHeadValues {
  items: PickedItem[];
}

const TYPE_FILTER = [
  { value: 'all', label: '全部题型' },
  ...EXERCISE_TYPES.map((type) => ({ value: String(type), label: EXERCISE_TYPE_LABELS[type] })),
];

/** 手工组卷: exercises picked from the 题库, each with its score; the total follows. */
export function ManualPaperForm({
  tag,
  tags,
  onDone,
}: {
  tag: ExerciseTag;
  tags: readonly ExerciseTag[];
  onDone: () => void;
}) {
  const create = useMutation(createManualPaperMutation());
  const form = useAppForm({
    defaultValues: { ...paperHeadDefaults(), items: [] } as ManualPaperValues,
    // on every change (an error goes once it is fixed) and on submit; shown once submitted
    validators: {
      onChange: ({ value }) => {
        const total = sumScores(value.items.map((item) => Number(item.score) || 0));
        const fields: Record<string, string> = {};
        if (value.items.length === 0) fields.items = '请至少从题库中选择一道习题';
        value.items.forEach((item, index) => {
          const problem = scoreError(item.score);
          if (problem) fields[`items[${index}].score`] = problem;
        });
        const pass = passScoreError(value.passScore, total);
        if (pass) fields.passScore = pass;
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmit: async ({ value }) => {
      try {
        const paper = await create.mutateAsync({
          ...paperHeadRequest(value),
          items: value.items.map((item) => ({ quId: item.exerciseId, score: Number(item.score) })),
        });
        notifications.show({
          color: 'teal',
          message: `已生成试卷「${paper.paperName}」：${paper.questionCount} 题，总分 ${paper.totalScore}`,
        });
        onDone();
      } catch {
        // the server's reason arrives as the global error notification
      }
    },
  });
  // errors of the controls bound by hand wait for the first submit, as the bound inputs' do
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  const shown = (errors: readonly unknown[]) => (submitted ? firstErrorMessage(errors) : undefined);
  // stable, so the picker's columns are built once per change of the picked set
  const pick = useCallback(
    (exercise: Exercise) =>
      form.pushFieldValue('items', {
        exerciseId: exercise.exerciseId,
        type: exercise.type,
        excerpt: stemExcerpt(exercise.content, 50),
        score: exercise.score,
      }),
    [form],
  );
  const items = useStore(form.store, (state) => state.values.items);
  const total = sumScores(items.map((item) => Number(item.score) || 0));
  const picked = useMemo(() => new Set(items.map((item) => item.exerciseId)), [items]);

  return (
    <form
      noValidate
      aria-label="手工组卷"
      onSubmit={(event) => {
        event.preventDefault();
        void form.handleSubmit();
      }}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <form.AppField name="paperName" validators={{ onChange: paperNameSchema }}>
            {(field) => <field.TextField label="试卷名称" withAsterisk maxLength={100} />}
          </form.AppField>
          <form.AppField name="durationMinutes" validators={{ onChange: durationSchema }}>
            {DurationInput}
          </form.AppField>
          <form.AppField name="passScore">{PassScoreInput}</form.AppField>
        </SimpleGrid>
        <form.AppField name="description">{DescriptionInput}</form.AppField>

        <ExercisePicker initialTagId={tag.tagId} tags={tags} picked={picked} onPick={pick} />

        <form.Field name="items" mode="array">
          {(field) => (
            <Paper withBorder p="sm" radius="md">
              <Stack gap="xs">
                <Group justify="space-between">
                  <Title order={3} fz="h5">
                    已选习题
                  </Title>
                  <Text size="sm" fw={500} aria-live="polite">
                    共 {items.length} 题，总分 {total} 分
                  </Text>
                </Group>
                {field.state.value.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    从上面的题库中点击“添加”选题。
                  </Text>
                ) : (
                  <ol aria-label="已选习题" style={{ margin: 0, paddingLeft: 20 }}>
                    {field.state.value.map((item, index) => (
                      <li key={item.exerciseId} aria-label={`第 ${index + 1} 题`}>
                        <Group gap="sm" wrap="nowrap" py={4}>
                          <Badge variant="light" radius="sm" style={{ flexShrink: 0 }}>
                            {EXERCISE_TYPE_LABELS[item.type]}
                          </Badge>
                          <Text size="sm" style={{ flex: 1, minWidth: 0 }} truncate>
                            {item.excerpt}
                          </Text>
                          <form.Field name={`items[${index}].score`}>
                            {(score) => (
                              <NumberInput
                                aria-label={`第 ${index + 1} 题分值`}
                                w={100}
                                min={0.5}
                                max={100}
                                step={0.5}
                                decimalScale={1}
                                rightSection={<Text size="xs">分</Text>}
                                value={score.state.value}
                                onChange={(value) => score.handleChange(value)}
                                error={shown(score.state.meta.errors)}
                              />
                            )}
                          </form.Field>
                          <Hint label="移除">
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={`移除第 ${index + 1} 题`}
                              onClick={() => field.removeValue(index)}
                            >
                              <IconTrash size={16} aria-hidden />
                            </ActionIcon>
                          </Hint>
                        </Group>
                      </li>
                    ))}
                  </ol>
                )}
                {shown(field.state.meta.errors) ? (
                  <Text size="sm" c="red" role="alert">
                    {shown(field.state.meta.errors)}
                  </Text>
                ) : null}
              </Stack>
            </Paper>
          )}
        </form.Field>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            取消
          </Button>
          <form.AppForm>
            <form.SubmitButton>生成试卷</form.SubmitButton>
          </form.AppForm>
        </Group>
      </Stack>
    </form>
  );
}

const pickColumn = dataTableColumnHelper<Exercise>();

/** One 题库's exercises a page at a time, each with 添加 (or 已添加). */
function ExercisePicker({
  initialTagId,
  tags,
  picked,
  onPick,
}: {
  initialTagId: string;
  tags: readonly ExerciseTag[];
  picked: ReadonlySet<string>;
  onPick: (exercise: Exercise) => void;
}) {
  const [tagId, setTagId] = useState(initialTagId);
  const [type, setType] = useState('all');
  const [page, setPage] = useState({ filter: `${tagId}\n${type}`, index: 1 });
  const pageIndex = page.filter === `${tagId}\n${type}` ? page.index : 1;
  const list = useQuery(
    exerciseListQuery({
      tagId,
      pageIndex,
      pageSize: PICKER_PAGE_SIZE,
      type: type === 'all' ? undefined : (Number(type) as ExerciseType),
    }),
  );
  const columns = useMemo(
    () =>
      pickColumn.columns([
        pickColumn.accessor('type', {
          header: '题型',
          enableSorting: false,
          meta: { width: 76 },
          cell: ({ getValue }) => EXERCISE_TYPE_LABELS[getValue()],
        }),
        pickColumn.accessor('content', {
          header: '题干',
          enableSorting: false,
          cell: ({ getValue }) => (
            <Text size="sm" lineClamp={2} style={{ whiteSpace: 'normal' }}>
              {stemExcerpt(getValue())}
            </Text>
          ),
        }),
        pickColumn.accessor('difficulty', {
          header: '难度',
          enableSorting: false,
          meta: { width: 60 },
          cell: ({ getValue }) => DIFFICULTY_LABELS[getValue()],
        }),
        pickColumn.accessor('score', {
          header: '分值',
          enableSorting: false,
          meta: { width: 56, align: 'right' },
        }),
        pickColumn.display({
          id: 'actions',
          header: '操作',
          meta: { width: 90, align: 'right' },
          cell: ({ row }) =>
            picked.has(row.original.exerciseId) ? (
              <Text size="sm" c="dimmed">
                已添加
              </Text>
            ) : (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                aria-label={`添加 ${stemExcerpt(row.original.content, 20)}`}
                onClick={() => onPick(row.original)}
              >
                添加
              </Button>
            ),
        }),
      ]),
    [picked, onPick],
  );
  const rows = list.data?.list;
  const data = useMemo(() => rows ?? [], [rows]);
  return (
    <Stack gap="xs">
      <Group gap="sm" align="flex-end">
        <Select
          label="从题库选题"
          data={tagOptions(tags)}
          value={tagId}
          onChange={(value) => value && setTagId(value)}
          allowDeselect={false}
          w={220}
          comboboxProps={{ withinPortal: true }}
        />
        <Select
          label="题型"
          aria-label="选题题型"
          data={TYPE_FILTER}
          value={type}
          onChange={(value) => setType(value ?? 'all')}
          allowDeselect={false}
          w={130}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      <DataTable
        label="题库习题"
        columns={columns}
        data={data}
        getRowId={(row) => row.exerciseId}
        rowHeight={52}
        {...tableQueryState(list)}
        empty={<Text c="dimmed">这个题库中没有符合条件的习题</Text>}
        pagination={{
          page: pageIndex,
          pageSize: PICKER_PAGE_SIZE,
          total: list.data?.total ?? 0,
          onPageChange: (index) => setPage({ filter: `${tagId}\n${type}`, index }),
        }}
      />
    </Stack>
  );
}
