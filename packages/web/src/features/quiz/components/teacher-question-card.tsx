import '@mantine/core/styles/Badge.layer.css';
import type { QuizOption, QuizQuestionType } from '@dfrm/sdk/tms';
import { Badge, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { RichTextView } from '@/components/rich-text/rich-text-view';
import { QUIZ_QUESTION_TYPE_LABELS } from '@/shared/labels';

export interface QuestionCardProps {
  sortNo: number;
  type: QuizQuestionType;
  content: string;
  options: readonly QuizOption[];
  score: number;
  /** Letters to mark as the key among the options (none in a preview). */
  keyLetters?: readonly string[] | undefined;
  /** What follows the question: the student's answer, the key, the analysis. */
  children?: ReactNode;
  /** A badge beside the heading (得分). */
  aside?: ReactNode;
}

/** One question as a student sees it (stem and options), with what the page adds below it. */
export function TeacherQuestionCard({
  sortNo,
  type,
  content,
  options,
  score,
  keyLetters,
  children,
  aside,
}: QuestionCardProps) {
  const headingId = `question-${sortNo}`;
  const keys = new Set(keyLetters ?? []);
  return (
    <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" gap="sm" align="flex-start">
          <Group gap="xs">
            <Title order={2} fz="h5" id={headingId}>
              第 {sortNo} 题
            </Title>
            <Badge variant="light" radius="sm" color="gray">
              {QUIZ_QUESTION_TYPE_LABELS[type]}
            </Badge>
            <Text size="sm" c="dimmed">
              {score} 分
            </Text>
          </Group>
          {aside}
        </Group>
        <RichTextView html={content} label={`第 ${sortNo} 题题干`} />
        {options.length > 0 ? (
          <List listStyleType="none" spacing={6} aria-label={`第 ${sortNo} 题选项`}>
            {options.map((option) => (
              <List.Item key={option.key}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Text fw={600} size="sm" w={20}>
                    {option.key}.
                  </Text>
                  <div style={{ flex: 1, minWidth: 0 }}>
                    <RichTextView html={option.content} />
                  </div>
                  {keys.has(option.key) ? (
                    <ThemeIcon size="sm" variant="light" color="teal" aria-label="正确选项" role="img">
                      <IconCheck size={14} aria-hidden />
                    </ThemeIcon>
                  ) : null}
                </Group>
              </List.Item>
            ))}
          </List>
        ) : type === 3 ? (
          <Text size="sm" c="dimmed">
            判断正误
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}
