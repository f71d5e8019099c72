import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import type { QuizPaperQuestion } from '@dfrm/sdk/tms';
import { Checkbox, Group, Radio, Stack, Text, TextInput } from '@mantine/core';
import { RichTextView } from '@/components/rich-text/rich-text-view';

export interface QuestionAnswerProps {
  question: QuizPaperQuestion;
  /** Blanks of a fill-in question (qu/detail's blankCount). */
  blankCount: number;
  answer: readonly string[];
  disabled: boolean;
  /** `immediate`: a click, saved at once; typing waits for a pause. */
  onChange: (answer: string[], options: { immediate: boolean }) => void;
}

function OptionLabel({ optionKey, content }: { optionKey: string; content: string }) {
  return (
    <Group component="span" gap={6} wrap="nowrap" align="flex-start">
      <Text component="span" fw={600}>
        {optionKey}.
      </Text>
      <RichTextView html={content} />
    </Group>
  );
}

/** The answer's controls for each question type: one choice, several, true/false, the blanks. */
export function QuestionAnswer({ question, blankCount, answer, disabled, onChange }: QuestionAnswerProps) {
  const label = `第 ${question.sortNo} 题的答案`;
  switch (question.type) {
    case 1:
      return (
        <Radio.Group
          label={label}
          value={answer[0] ?? null}
          onChange={(value) => onChange([value], { immediate: true })}
        >
          <Stack gap="sm" mt={4}>
            {question.options.map((option) => (
              <Radio
                key={option.key}
                value={option.key}
                disabled={disabled}
                label={<OptionLabel optionKey={option.key} content={option.content} />}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 2:
      return (
        <Checkbox.Group
          label={label}
          description="多选：选出全部正确选项，漏选、错选不得分"
          value={[...answer]}
          onChange={(value) => onChange([...value].sort(), { immediate: true })}
        >
          <Stack gap="sm" mt="xs">
            {question.options.map((option) => (
              <Checkbox
                key={option.key}
                value={option.key}
                disabled={disabled}
                label={<OptionLabel optionKey={option.key} content={option.content} />}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 3:
      return (
        <Radio.Group
          label={label}
          value={answer[0] ?? null}
          onChange={(value) => onChange([value], { immediate: true })}
        >
          <Group gap="xl" mt={4}>
            <Radio value="true" label="正确" disabled={disabled} />
            <Radio value="false" label="错误" disabled={disabled} />
          </Group>
        </Radio.Group>
      );
    case 4:
      return (
        <Blanks
          sortNo={question.sortNo}
          count={Math.max(blankCount, 1)}
          answer={answer}
          disabled={disabled}
          onChange={onChange}
        />
      );
  }
}

function Blanks({
  sortNo,
  count,
  answer,
  disabled,
  onChange,
}: {
  sortNo: number;
  count: number;
  answer: readonly string[];
  disabled: boolean;
  onChange: QuestionAnswerProps['onChange'];
}) {
  const values = Array.from({ length: count }, (_, index) => answer[index] ?? '');
  return (
    <Stack gap="sm">
      {values.map((value, index) => (
        <TextInput
          key={index}
          label={count > 1 ? `第 ${sortNo} 题第 ${index + 1} 空` : `第 ${sortNo} 题的答案`}
          maxLength={1000}
          value={value}
          disabled={disabled}
          onChange={(event) => {
            const next = values.map((item, at) => (at === index ? event.currentTarget.value : item));
            // every blank empty clears the answer; otherwise the blanks in order
            onChange(next.every((item) => item.trim() === '') ? [] : next, { immediate: false });
          }}
        />
      ))}
    </Stack>
  );
}
