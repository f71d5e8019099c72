import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Radio.layer.css';
import type { ExamPaperQuestion } from '@dfrm/sdk/tms';
import { Checkbox, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { RichTextView } from '@/components/rich-text/rich-text-view';

// The server's limits on an answer (specs/tms/exam-student.yaml, ExamAnswerInput).
const MAX_TEXT = 20_000;
const MAX_BLANKS = 20;

const CODE_LANGUAGES = { python: 'Python', sql: 'SQL', r: 'R' } as const;

/** An option's text: most are plain, some carry simple HTML (sanitized before it is drawn). */
function OptionContent({ optionKey, content }: { optionKey: string; content: string }) {
  if (!/<[a-z]/i.test(content)) return <>{`${optionKey}. ${content}`}</>;
  return (
    <span style={{ display: 'inline-flex', gap: 4 }}>
      {optionKey}. <RichTextView html={content} />
    </span>
  );
}

/** A fill-in's blanks as the server takes them: one item a blank, none after the last filled one. */
function blanksAnswer(values: readonly string[]): string[] {
  const answer = [...values];
  while (answer.length > 0 && answer[answer.length - 1] === '') answer.pop();
  return answer;
}

/**
 * The answer controls of a question, by its type (specs/tms/exam-teacher.yaml ExamQuestionType):
 * radios for single choice and true/false, checkboxes for multiple choice, one input a blank, a
 * text area for a short answer or code. `answer` is written as the server stores it.
 */
export function QuestionAnswer({
  question,
  answer,
  onChange,
  disabled,
}: {
  question: ExamPaperQuestion;
  answer: readonly string[];
  onChange: (answer: string[]) => void;
  disabled: boolean;
}) {
  switch (question.type) {
    case 1:
      return (
        <Radio.Group label="选择一个答案" value={answer[0] ?? ''} onChange={(value) => onChange([value])}>
          <Stack gap="sm" mt="xs">
            {question.options.map((option) => (
              <Radio
                key={option.key}
                value={option.key}
                disabled={disabled}
                label={<OptionContent optionKey={option.key} content={option.content} />}
              />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 2:
      return (
        <Checkbox.Group
          label="选择所有正确的答案（多选）"
          value={[...answer]}
          onChange={(value) => onChange([...value].sort())}
        >
          <Stack gap="sm" mt="xs">
            {question.options.map((option) => (
              <Checkbox
                key={option.key}
                value={option.key}
                disabled={disabled}
                label={<OptionContent optionKey={option.key} content={option.content} />}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 3:
      return (
        <Radio.Group label="判断正误" value={answer[0] ?? ''} onChange={(value) => onChange([value])}>
          <Stack gap="sm" mt="xs">
            <Radio value="T" label="正确" disabled={disabled} />
            <Radio value="F" label="错误" disabled={disabled} />
          </Stack>
        </Radio.Group>
      );
    case 4: {
      const count = Math.min(Math.max(question.blankCount, 1), MAX_BLANKS);
      const values = Array.from({ length: count }, (_, index) => answer[index] ?? '');
      return (
        <Stack gap="sm">
          {values.map((value, index) => (
            <TextInput
              key={index}
              label={`第 ${index + 1} 空`}
              value={value}
              maxLength={MAX_TEXT}
              disabled={disabled}
              onChange={(event) => {
                const next = [...values];
                next[index] = event.currentTarget.value;
                onChange(blanksAnswer(next));
              }}
            />
          ))}
        </Stack>
      );
    }
    case 5:
    case 6: {
      const code = question.type === 6;
      return (
        <Textarea
          label={
            code
              ? `你的代码${question.codeLanguage ? `（${CODE_LANGUAGES[question.codeLanguage]}）` : ''}`
              : '你的答案'
          }
          value={answer[0] ?? ''}
          maxLength={MAX_TEXT}
          // fixed rows: autosize measures the text area after every render
          rows={code ? 14 : 8}
          resize="vertical"
          disabled={disabled}
          spellCheck={!code}
          styles={code ? { input: { fontFamily: 'var(--mantine-font-family-monospace)' } } : undefined}
          onChange={(event) => {
            const text = event.currentTarget.value;
            onChange(text === '' ? [] : [text]);
          }}
        />
      );
    }
  }
}
