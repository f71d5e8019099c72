import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/NumberInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import type { QuizQuestionType } from '@dfrm/sdk/tms';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  Input,
  NumberInput,
  Paper,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { IconPlus, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Hint } from '@/components/hint/hint';
import { RichTextInput } from '@/components/rich-text/rich-text-input';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { SegmentedChoice } from '@/components/segmented-choice/segmented-choice';
import {
  blankCount,
  changeType,
  LETTERS,
  MAX_OPTIONS,
  type QuestionDraft,
} from '@/features/quiz/forms/teacher-quiz-schemas';
import { QUIZ_QUESTION_TYPE_LABELS } from '@/shared/labels';
import { QuestionOrderActions } from '@/components/question/question-order-actions';

const TYPE_CHOICES = ([1, 2, 3, 4] as const).map((type) => ({
  value: String(type) as '1' | '2' | '3' | '4',
  label: QUIZ_QUESTION_TYPE_LABELS[type],
}));

export interface QuestionEditorProps {
  sortNo: number;
  count: number;
  value: QuestionDraft;
  onChange: (next: QuestionDraft) => void;
  onRemove: () => void;
  onMove: (by: -1 | 1) => void;
  /** The question's problem (the form's check or the server's), shown once the teacher tried to save. */
  error?: string | undefined;
  /** Questions cannot change once students have handed in. */
  locked?: boolean;
}

/** One question of the quiz form: type, stem, options or blanks with the key, score and analysis. */
export function TeacherQuestionEditor({
  sortNo,
  count,
  value,
  onChange,
  onRemove,
  onMove,
  error,
  locked = false,
}: QuestionEditorProps) {
  const headingId = `question-editor-${value.key}`;
  const errorId = `${headingId}-error`;
  const set = (patch: Partial<QuestionDraft>) => onChange({ ...value, ...patch });
  const choice = value.type === 1 || value.type === 2;
  const blanks = value.type === 4 ? blankCount(value.content) : 0;
  const name = `第 ${sortNo} 题`;

  const setOption = (index: number, text: string) =>
    set({ options: value.options.map((option, at) => (at === index ? text : option)) });
  const removeOption = (index: number) => {
    // later letters move up one, and the key follows its option
    const letter = LETTERS[index]!;
    const answer = value.answer
      .filter((key) => key !== letter)
      .map((key) => (LETTERS.indexOf(key) > index ? LETTERS[LETTERS.indexOf(key) - 1]! : key));
    set({ options: value.options.filter((_, at) => at !== index), answer });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p="lg"
      component="section"
      aria-labelledby={headingId}
      aria-describedby={error ? errorId : undefined}
      style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
    >
      <Stack gap="md">
        <Group justify="space-between" gap="sm">
          <Title order={3} fz="h5" id={headingId}>
            {name}
          </Title>
          <QuestionOrderActions
            name={name}
            first={sortNo === 1}
            last={sortNo === count}
            disabled={locked}
            onMove={onMove}
            onRemove={onRemove}
          />
        </Group>

        <Input.Wrapper label="题型" labelElement="div">
          <div style={{ paddingTop: 4 }}>
            <SegmentedChoice
              label={`${name}题型`}
              data={TYPE_CHOICES.map((item) => ({ ...item, disabled: locked }))}
              value={String(value.type) as '1' | '2' | '3' | '4'}
              onChange={(next) => onChange(changeType(value, Number(next) as QuizQuestionType))}
            />
          </div>
        </Input.Wrapper>

        {locked ? (
          <Input.Wrapper label={`${name}题干`} labelElement="div">
            <RichTextView html={value.content} label={`${name}题干`} />
          </Input.Wrapper>
        ) : (
          <RichTextInput
            label={`${name}题干`}
            description={value.type === 4 ? '用 ____（四个及以上下划线）标出每个空。' : undefined}
            required
            minHeight={80}
            activateOnFocus
            value={value.content}
            onChange={(content) => set({ content })}
          />
        )}

        {choice ? (
          <Stack gap="xs">
            <Text size="sm" fw={500} id={`${headingId}-options`}>
              选项与正确答案{value.type === 2 ? '（多选，至少两个）' : ''}
            </Text>
            {value.type === 1 ? (
              <Radio.Group
                aria-labelledby={`${headingId}-options`}
                value={value.answer[0] ?? ''}
                onChange={(letter) => set({ answer: [letter] })}
              >
                <Stack gap="xs">
                  {value.options.map((option, index) => (
                    <OptionRow
                      key={index}
                      question={name}
                      index={index}
                      text={option}
                      locked={locked}
                      canRemove={value.options.length > 2}
                      onText={(text) => setOption(index, text)}
                      onRemove={() => removeOption(index)}
                      mark={
                        <Radio
                          value={LETTERS[index]!}
                          aria-label={`${name}正确答案 ${LETTERS[index]}`}
                          disabled={locked}
                        />
                      }
                    />
                  ))}
                </Stack>
              </Radio.Group>
            ) : (
              <Checkbox.Group
                aria-labelledby={`${headingId}-options`}
                value={value.answer}
                onChange={(letters) => set({ answer: [...letters].sort() })}
              >
                <Stack gap="xs">
                  {value.options.map((option, index) => (
                    <OptionRow
                      key={index}
                      question={name}
                      index={index}
                      text={option}
                      locked={locked}
                      canRemove={value.options.length > 2}
                      onText={(text) => setOption(index, text)}
                      onRemove={() => removeOption(index)}
                      mark={
                        <Checkbox
                          value={LETTERS[index]!}
                          aria-label={`${name}正确答案 ${LETTERS[index]}`}
                          disabled={locked}
                        />
                      }
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
            <div>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={locked || value.options.length >= MAX_OPTIONS}
                onClick={() => set({ options: [...value.options, ''] })}
              >
                添加选项
              </Button>
            </div>
          </Stack>
        ) : null}

        {value.type === 3 ? (
          <Radio.Group
            label="正确答案"
            value={value.answer[0] ?? ''}
            onChange={(answer) => set({ answer: [answer] })}
          >
            <Group gap="lg" pt={4}>
              <Radio value="true" label="正确" disabled={locked} />
              <Radio value="false" label="错误" disabled={locked} />
            </Group>
          </Radio.Group>
        ) : null}

        {value.type === 4 ? (
          <Stack gap="xs">
            <Text size="sm" fw={500}>
              每空的答案
            </Text>
            {blanks === 0 ? (
              <Text size="sm" c="dimmed">
                题干中还没有空位：输入 ____ 后，这里出现每个空的答案框。
              </Text>
            ) : (
              Array.from({ length: Math.min(blanks, 20) }, (_, index) => (
                <TextInput
                  key={index}
                  label={`第 ${index + 1} 空答案`}
                  aria-label={`${name}第 ${index + 1} 空答案`}
                  description={
                    index === 0
                      ? '多个可接受的答案用 | 分隔，如 夏普比率|Sharpe；比较时不区分大小写。'
                      : undefined
                  }
                  maxLength={1000}
                  disabled={locked}
                  value={value.answer[index] ?? ''}
                  onChange={(event) => {
                    const answer = Array.from({ length: blanks }, (_, at) => value.answer[at] ?? '');
                    answer[index] = event.currentTarget.value;
                    set({ answer });
                  }}
                />
              ))
            )}
          </Stack>
        ) : null}

        <NumberInput
          label="分值"
          aria-label={`${name}分值`}
          required
          min={0.5}
          max={100}
          step={0.5}
          decimalScale={1}
          allowNegative={false}
          disabled={locked}
          w={140}
          value={value.score}
          onChange={(score) => set({ score })}
        />

        <Textarea
          label="解析"
          aria-label={`${name}解析`}
          description="分发答案后学生可以看到。"
          rows={3}
          maxLength={5000}
          disabled={locked}
          value={value.analysis}
          onChange={(event) => set({ analysis: event.currentTarget.value })}
        />

        {error ? (
          <Text size="sm" c="red" role="alert" id={errorId}>
            {error}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

function OptionRow({
  question,
  index,
  text,
  mark,
  locked,
  canRemove,
  onText,
  onRemove,
}: {
  question: string;
  index: number;
  text: string;
  mark: ReactNode;
  locked: boolean;
  canRemove: boolean;
  onText: (text: string) => void;
  onRemove: () => void;
}) {
  const letter = LETTERS[index]!;
  return (
    <Group gap="xs" wrap="nowrap" align="center">
      {mark}
      <Text fw={600} size="sm" w={16} aria-hidden>
        {letter}
      </Text>
      <TextInput
        aria-label={`${question}选项 ${letter}`}
        placeholder={`选项 ${letter}`}
        maxLength={2000}
        disabled={locked}
        style={{ flex: 1 }}
        value={text}
        onChange={(event) => onText(event.currentTarget.value)}
      />
      <Hint label="删除选项">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`删除${question}选项 ${letter}`}
          disabled={locked || !canRemove}
          onClick={onRemove}
        >
          <IconX size={16} aria-hidden />
        </ActionIcon>
      </Hint>
    </Group>
  );
}
