import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Popover.layer.css';
import type { ExamQuDifficulty, ExamQuType, ExerciseTag } from '@dfrm/sdk/resource';
import { isApiError } from '@dfrm/sdk';
import {
  ActionIcon,
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
import { useState } from 'react';
import { Hint } from '@/components/hint/hint';
import { firstErrorMessage, useAppForm } from '@/lib/form';
import { notifyError } from '@/shared/error-notifications';
import { createRandomPaperMutation } from '@/features/exercise/api/exercise-mutations';
import { repoDetailQuery } from '@/features/exercise/api/exercise-queries';
import {
  DIFFICULTIES,
  DIFFICULTY_LABELS,
  EXERCISE_TYPE_LABELS,
  EXERCISE_TYPES,
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

interface RuleValue {
  repoId: string;
  quType: string;
  /** '' draws any difficulty. */
  difficulty: string;
  count: number | string;
  score: number | string;
}

interface RandomPaperValues extends PaperHeadValues {
  rules: RuleValue[];
}

const MAX_RULES = 20;
const TYPE_CHOICES = EXERCISE_TYPES.map((type) => ({
  value: String(type),
  label: EXERCISE_TYPE_LABELS[type],
}));
const DIFFICULTY_CHOICES = [
  { value: '', label: '不限难度' },
  ...DIFFICULTIES.map((level) => ({ value: String(level), label: DIFFICULTY_LABELS[level] })),
];

/** The rule a refusal of create/papertmplEx names (第 N 条规则…), counted from 0. */
export function refusedRuleIndex(message: string): number | null {
  const match = /^第 (\d+) 条规则/.exec(message);
  return match ? Number(match[1]) - 1 : null;
}

const ruleSubtotal = (rule: RuleValue) =>
  typeof rule.count === 'number' && typeof rule.score === 'number' ? rule.count * rule.score : 0;

/**
 * 随机组卷: rules of 题库, 题型, optional 难度, count and score each; the server draws the
 * questions. The total is fixed by the rules alone (count × score summed).
 */
export function RandomPaperForm({
  tag,
  tags,
  onDone,
}: {
  tag: ExerciseTag;
  tags: readonly ExerciseTag[];
  onDone: () => void;
}) {
  const create = useMutation(createRandomPaperMutation());
  // The server's refusal of one rule (too few questions), shown at that rule until it changes.
  const [refusal, setRefusal] = useState<{ index: number; message: string } | null>(null);
  const newRule = (): RuleValue => ({ repoId: tag.tagId, quType: '1', difficulty: '', count: 5, score: 2 });
  const form = useAppForm({
    defaultValues: { ...paperHeadDefaults(), rules: [newRule()] } as RandomPaperValues,
    // on every change (an error goes once it is fixed) and on submit; shown once submitted
    validators: {
      onChange: ({ value }) => {
        const fields: Record<string, string> = {};
        value.rules.forEach((rule, index) => {
          if (
            typeof rule.count !== 'number' ||
            !Number.isInteger(rule.count) ||
            rule.count < 1 ||
            rule.count > 100
          )
            fields[`rules[${index}].count`] = '题数为 1–100 的整数';
          const problem = scoreError(rule.score);
          if (problem) fields[`rules[${index}].score`] = problem;
        });
        const count = value.rules.reduce((sum, rule) => sum + (Number(rule.count) || 0), 0);
        if (count > 200) fields.rules = `全部规则合计 ${count} 题，最多 200 题`;
        const pass = passScoreError(value.passScore, sumScores(value.rules.map(ruleSubtotal)));
        if (pass) fields.passScore = pass;
        return Object.keys(fields).length > 0 ? { fields } : undefined;
      },
    },
    onSubmit: async ({ value }) => {
      setRefusal(null);
      try {
        const paper = await create.mutateAsync({
          ...paperHeadRequest(value),
          rules: value.rules.map((rule) => ({
            repoId: rule.repoId,
            quType: Number(rule.quType) as ExamQuType,
            ...(rule.difficulty ? { difficulty: Number(rule.difficulty) as ExamQuDifficulty } : {}),
            count: Number(rule.count),
            score: Number(rule.score),
          })),
        });
        notifications.show({
          color: 'teal',
          message: `已生成试卷「${paper.paperName}」：${paper.questionCount} 题，总分 ${paper.totalScore}`,
        });
        onDone();
      } catch (error) {
        const index = isApiError(error) ? refusedRuleIndex(error.errMsg) : null;
        if (isApiError(error) && index !== null) setRefusal({ index, message: error.errMsg });
        else notifyError(error);
      }
    },
  });
  // errors of the controls bound by hand wait for the first submit, as the bound inputs' do
  const submitted = useStore(form.store, (state) => state.submissionAttempts > 0);
  const shown = (errors: readonly unknown[]) => (submitted ? firstErrorMessage(errors) : undefined);
  const rules = useStore(form.store, (state) => state.values.rules);
  const total = sumScores(rules.map(ruleSubtotal));
  const count = rules.reduce((sum, rule) => sum + (Number(rule.count) || 0), 0);
  const repoChoices = tagOptions(tags);

  return (
    <form
      noValidate
      aria-label="随机组卷"
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

        <form.Field name="rules" mode="array">
          {(field) => (
            <Stack gap="sm">
              <Group justify="space-between">
                <Title order={3} fz="h5">
                  抽题规则
                </Title>
                <Text size="sm" fw={500} aria-live="polite">
                  共 {count} 题，总分 {total} 分
                </Text>
              </Group>
              {field.state.value.map((_, index) => (
                <Paper
                  key={index}
                  withBorder
                  p="sm"
                  radius="md"
                  component="fieldset"
                  aria-label={`第 ${index + 1} 条规则`}
                  style={{ margin: 0 }}
                >
                  <Group justify="space-between" mb="xs">
                    <Text size="sm" fw={500} aria-hidden>
                      第 {index + 1} 条规则
                    </Text>
                    <Hint label="删除规则">
                      <ActionIcon
                        variant="subtle"
                        color="gray"
                        aria-label={`删除第 ${index + 1} 条规则`}
                        disabled={field.state.value.length <= 1}
                        onClick={() => {
                          setRefusal(null);
                          field.removeValue(index);
                        }}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Hint>
                  </Group>
                  <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="sm">
                    <form.Field name={`rules[${index}].repoId`}>
                      {(sub) => (
                        <Select
                          label="题库"
                          data={repoChoices}
                          value={sub.state.value}
                          onChange={(value) => value && sub.handleChange(value)}
                          allowDeselect={false}
                          comboboxProps={{ withinPortal: true }}
                        />
                      )}
                    </form.Field>
                    <form.Field name={`rules[${index}].quType`}>
                      {(sub) => (
                        <Select
                          label="题型"
                          data={TYPE_CHOICES}
                          value={sub.state.value}
                          onChange={(value) => value && sub.handleChange(value)}
                          allowDeselect={false}
                          comboboxProps={{ withinPortal: true }}
                        />
                      )}
                    </form.Field>
                    <form.Field name={`rules[${index}].difficulty`}>
                      {(sub) => (
                        <Select
                          label="难度"
                          data={DIFFICULTY_CHOICES}
                          value={sub.state.value}
                          onChange={(value) => sub.handleChange(value ?? '')}
                          allowDeselect={false}
                          comboboxProps={{ withinPortal: true }}
                        />
                      )}
                    </form.Field>
                    <form.Field name={`rules[${index}].count`}>
                      {(sub) => (
                        <NumberInput
                          label="题数"
                          min={1}
                          max={100}
                          allowDecimal={false}
                          value={sub.state.value}
                          onChange={(value) => sub.handleChange(value)}
                          error={shown(sub.state.meta.errors)}
                        />
                      )}
                    </form.Field>
                    <form.Field name={`rules[${index}].score`}>
                      {(sub) => (
                        <NumberInput
                          label="每题分值"
                          min={0.5}
                          max={100}
                          step={0.5}
                          decimalScale={1}
                          value={sub.state.value}
                          onChange={(value) => sub.handleChange(value)}
                          error={shown(sub.state.meta.errors)}
                        />
                      )}
                    </form.Field>
                  </SimpleGrid>
                  <RuleFooter rule={rules[index]} />
                  {refusal?.index === index ? (
                    <Text size="sm" c="red" mt={6} role="alert">
                      {refusal.message}
                    </Text>
                  ) : null}
                </Paper>
              ))}
              {shown(field.state.meta.errors) ? (
                <Text size="sm" c="red" role="alert">
                  {shown(field.state.meta.errors)}
                </Text>
              ) : null}
              <Button
                variant="subtle"
                leftSection={<IconPlus size={16} aria-hidden />}
                disabled={field.state.value.length >= MAX_RULES}
                onClick={() => field.pushValue(newRule())}
                style={{ alignSelf: 'flex-start' }}
              >
                添加规则
              </Button>
            </Stack>
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

/** A rule's subtotal and how many questions its 题库 holds of that type (and difficulty). */
function RuleFooter({ rule }: { rule: RuleValue | undefined }) {
  const repo = useQuery({ ...repoDetailQuery(rule?.repoId ?? '0'), enabled: Boolean(rule?.repoId) });
  if (!rule) return null;
  const type = Number(rule.quType);
  const available = repo.data
    ? rule.difficulty
      ? (repo.data.matrix.find((cell) => cell.quType === type && cell.difficulty === Number(rule.difficulty))
          ?.count ?? 0)
      : (repo.data.typeCounts.find((cell) => cell.quType === type)?.count ?? 0)
    : null;
  return (
    <Text size="xs" c="dimmed" mt={6}>
      小计 {sumScores([ruleSubtotal(rule)])} 分{available === null ? '' : `；题库中可抽 ${available} 道`}
    </Text>
  );
}
