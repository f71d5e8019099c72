import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import type { ExamQuestionType } from '@dfrm/sdk/tms';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Input,
  NativeSelect,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { Hint } from '@/components/hint/hint';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import {
  BLANK_MARK,
  blankCount,
  CODE_LANGUAGES,
  type CodeLanguage,
  LETTERS,
  newQuestion,
  paperTotal,
  type QuestionDraft,
  questionProblems,
  withType,
} from '@/features/exam/forms/exam-form-model';
import { EXAM_QUESTION_TYPE_LABELS } from '@/shared/labels';
import { QuestionOrderActions } from '@/components/question/question-order-actions';

const TYPES = Object.keys(EXAM_QUESTION_TYPE_LABELS).map(Number) as ExamQuestionType[];
const JUDGE_CHOICES = [
  { value: 'T', label: '正确' },
  { value: 'F', label: '错误' },
] as const;

export interface QuestionEditorProps {
  questions: readonly QuestionDraft[];
  onChange: (questions: QuestionDraft[]) => void;
  /** The paper cannot change (a published exam, or one a student has entered). */
  disabled?: boolean;
  /** Show each question's problems (after the first try to save). */
  showProblems: boolean;
  /** The server's refusal of a question, by its index. */
  serverProblems: Readonly<Record<number, string>>;
}

/** The paper: every question with its answer, score and analysis; add, remove and reorder. */
export function QuestionEditor({
  questions,
  onChange,
  disabled = false,
  showProblems,
  serverProblems,
}: QuestionEditorProps) {
  const replace = (index: number, next: QuestionDraft) =>
    onChange(questions.map((question, at) => (at === index ? next : question)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...questions];
    const [moved] = next.splice(index, 1);
    next.splice(index + by, 0, moved!);
    onChange(next);
  };
  const total = paperTotal(questions);
  const byType = TYPES.flatMap((type) => {
    const count = questions.filter((question) => question.type === type).length;
    return count > 0 ? [`${EXAM_QUESTION_TYPE_LABELS[type]} ${count} 题`] : [];
  });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h4">
          试题
        </Title>
        <Text size="sm" c="dimmed" aria-live="polite">
          共 {questions.length} 题，总分 {total}
          {byType.length > 0 ? `（${byType.join('、')}）` : ''}
        </Text>
      </Group>
      {questions.length === 0 ? (
        <Text size="sm" c="dimmed">
          还没有试题：用下方的按钮添加。发布考试至少需要一道题。
        </Text>
      ) : null}
      {questions.map((question, index) => (
        <QuestionCard
          key={question.key}
          question={question}
          index={index}
          count={questions.length}
          disabled={disabled}
          showProblems={showProblems}
          serverProblem={serverProblems[index]}
          onChange={(next) => replace(index, next)}
          onMove={(by) => move(index, by)}
          onRemove={() => onChange(questions.filter((_, at) => at !== index))}
        />
      ))}
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={500}>
          添加试题：
        </Text>
        {TYPES.map((type) => (
          <Button
            key={type}
            variant="light"
            size="xs"
            disabled={disabled || questions.length >= 200}
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => onChange([...questions, newQuestion(type)])}
          >
            {EXAM_QUESTION_TYPE_LABELS[type]}
          </Button>
        ))}
      </Group>
    </Stack>
  );
}

function QuestionCard({
  question,
  index,
  count,
  disabled,
  showProblems,
  serverProblem,
  onChange,
  onMove,
  onRemove,
}: {
  question: QuestionDraft;
  index: number;
  count: number;
  disabled: boolean;
  showProblems: boolean;
  serverProblem: string | undefined;
  onChange: (question: QuestionDraft) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  const name = `第 ${index + 1} 题`;
  const problems = showProblems ? questionProblems(question) : {};
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...question, ...patch });
  const blanks = blankCount(question.stem);

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={name}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Text fw={600}>{name}</Text>
            <NativeSelect
              aria-label={`${name}的题型`}
              size="xs"
              disabled={disabled}
              data={TYPES.map((type) => ({ value: String(type), label: EXAM_QUESTION_TYPE_LABELS[type] }))}
              value={String(question.type)}
              onChange={(event) =>
                onChange(withType(question, Number(event.currentTarget.value) as ExamQuestionType))
              }
            />
          </Group>
          <QuestionOrderActions
            name={name}
            first={index === 0}
            last={index === count - 1}
            disabled={disabled}
            onMove={onMove}
            onRemove={onRemove}
          />
        </Group>

        {serverProblem ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            {serverProblem}
          </Alert>
        ) : null}

        <Textarea
          label="题干"
          required
          resize="vertical"
          rows={2}
          disabled={disabled}
          description={
            question.type === 4
              ? `用 ${BLANK_MARK}（4 个下划线）标出每个空，当前 ${blanks} 个空。`
              : undefined
          }
          value={question.stem}
          error={problems.stem}
          onChange={(event) => set({ stem: event.currentTarget.value })}
        />

        {question.type === 1 || question.type === 2 ? (
          <ChoiceOptions question={question} disabled={disabled} problems={problems} onChange={set} />
        ) : null}

        {question.type === 3 ? (
          <Input.Wrapper label="正确答案" labelElement="div" required error={problems.answers}>
            <div style={{ paddingTop: 4 }}>
              <SegmentedChoice
                label={`${name}的正确答案`}
                data={JUDGE_CHOICES}
                disabled={disabled}
                value={(question.correct[0] ?? '') as 'T' | 'F'}
                onChange={(value) => set({ correct: [value] })}
              />
            </div>
          </Input.Wrapper>
        ) : null}

        {question.type === 4 ? (
          <Stack gap="xs">
            <Group>
              <Button
                variant="default"
                size="xs"
                disabled={disabled}
                onClick={() => set({ stem: `${question.stem}${BLANK_MARK}` })}
              >
                在题干末尾插入空
              </Button>
            </Group>
            {Array.from({ length: blanks }, (_, blank) => (
              <TextInput
                key={blank}
                label={`第 ${blank + 1} 空答案`}
                description={
                  blank === 0 ? '可接受多种写法时用 | 分隔，判分忽略首尾空格和大小写。' : undefined
                }
                required
                disabled={disabled}
                value={question.blanks[blank] ?? ''}
                onChange={(event) => {
                  const next = Array.from({ length: blanks }, (_, at) => question.blanks[at] ?? '');
                  next[blank] = event.currentTarget.value;
                  set({ blanks: next });
                }}
              />
            ))}
            {problems.answers ? (
              <Text size="xs" c="red" role="alert">
                {problems.answers}
              </Text>
            ) : null}
          </Stack>
        ) : null}

        {question.type === 6 ? (
          <NativeSelect
            label="代码语言"
            w={160}
            disabled={disabled}
            data={CODE_LANGUAGES.map((item) => ({ value: item.value, label: item.label }))}
            value={question.codeLanguage}
            onChange={(event) => set({ codeLanguage: event.currentTarget.value as CodeLanguage })}
          />
        ) : null}
        {question.type >= 5 ? (
          <Textarea
            label={question.type === 6 ? '参考代码' : '参考答案'}
            description="阅卷时给教师参考，学生看不到（成绩公开方式允许时随解析公开）。"
            required
            resize="vertical"
            rows={2}
            disabled={disabled}
            styles={
              question.type === 6
                ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } }
                : undefined
            }
            value={question.reference}
            error={problems.answers}
            onChange={(event) => set({ reference: event.currentTarget.value })}
          />
        ) : null}

        <Group gap="lg" align="flex-start">
          <NumberInput
            label="分值"
            required
            min={0.5}
            max={100}
            step={0.5}
            decimalScale={1}
            allowNegative={false}
            w={120}
            disabled={disabled}
            value={question.score}
            error={problems.score}
            onChange={(value) => set({ score: value })}
          />
          {question.type === 2 ? (
            <NumberInput
              label="少选得分"
              description="只选了部分正确项且没有错项"
              min={0}
              max={100}
              step={0.5}
              decimalScale={1}
              allowNegative={false}
              w={200}
              disabled={disabled}
              value={question.partialScore}
              error={problems.partialScore}
              onChange={(value) => set({ partialScore: value })}
            />
          ) : null}
        </Group>

        <Textarea
          label="解析"
          resize="vertical"
          rows={1}
          disabled={disabled}
          value={question.analysis}
          onChange={(event) => set({ analysis: event.currentTarget.value })}
        />
      </Stack>
    </Paper>
  );
}

function ChoiceOptions({
  question,
  disabled,
  problems,
  onChange,
}: {
  question: QuestionDraft;
  disabled: boolean;
  problems: ReturnType<typeof questionProblems>;
  onChange: (patch: Partial<QuestionDraft>) => void;
}) {
  const single = question.type === 1;
  const removeOption = (at: number) => {
    const letter = LETTERS[at]!;
    // the letters after it move up one, and so do the right answers among them
    const correct = question.correct
      .filter((key) => key !== letter)
      .map((key) => (key > letter ? LETTERS[LETTERS.indexOf(key) - 1]! : key));
    onChange({ options: question.options.filter((_, index) => index !== at), correct });
  };
  const toggle = (letter: string, checked: boolean) =>
    onChange({
      correct: single
        ? [letter]
        : checked
          ? [...question.correct, letter].sort()
          : question.correct.filter((key) => key !== letter),
    });

  return (
    <Input.Wrapper
      label={single ? '选项（选出唯一正确项）' : '选项（勾选全部正确项）'}
      labelElement="div"
      required
      error={[problems.options, problems.answers].filter(Boolean).join('；') || undefined}
    >
      <Stack gap="xs" pt={4}>
        {question.options.map((option, at) => {
          const letter = LETTERS[at]!;
          const checked = question.correct.includes(letter);
          const mark = single ? (
            <Radio
              aria-label={`${letter} 为正确答案`}
              checked={checked}
              disabled={disabled}
              onChange={() => toggle(letter, true)}
            />
          ) : (
            <Checkbox
              aria-label={`${letter} 为正确答案`}
              checked={checked}
              disabled={disabled}
              onChange={(event) => toggle(letter, event.currentTarget.checked)}
            />
          );
          return (
            <Group key={at} gap="xs" wrap="nowrap" align="center">
              {mark}
              <TextInput
                aria-label={`选项 ${letter}`}
                leftSection={
                  <Text size="sm" fw={600} aria-hidden>
                    {letter}
                  </Text>
                }
                style={{ flex: 1 }}
                disabled={disabled}
                value={option.text}
                onChange={(event) => {
                  const text = event.currentTarget.value;
                  onChange({
                    options: question.options.map((item, index) => (index === at ? { ...item, text } : item)),
                  });
                }}
              />
              <Hint label="删除选项">
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`删除选项 ${letter}`}
                  disabled={disabled || question.options.length <= 2}
                  onClick={() => removeOption(at)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Hint>
            </Group>
          );
        })}
        <Group>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={disabled || question.options.length >= LETTERS.length}
            onClick={() => onChange({ options: [...question.options, { text: '' }] })}
          >
            添加选项
          </Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
