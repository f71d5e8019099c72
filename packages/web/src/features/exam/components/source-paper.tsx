import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/Skeleton.layer.css';
import type { ExercisePaper, ExercisePaperExercise } from '@dfrm/sdk/resource';
import type { ExamQuestionType } from '@dfrm/sdk/tms';
import { Alert, Anchor, Code, Group, List, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconExternalLink } from '@tabler/icons-react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { sourcePaperQuery, sourcePapersQuery } from '@/features/exam/api/teacher-exam-queries';
import { htmlToText } from '@/features/exam/forms/exam-form-model';
import { SelectField } from '@/lib/form-fields';
import { errorMessage } from '@/shared/error-notifications';
import { EXAM_QUESTION_TYPE_LABELS } from '@/shared/labels';

// 从试卷复制: the teacher's exercise papers to choose from and the chosen one's questions, read-only.
// The exam gets its own copy when it is saved (the server copies it); the bank's paper stays as is.

const paperLabel = (paper: Pick<ExercisePaper, 'paperName' | 'exerciseCount' | 'totalScore'>) =>
  `${paper.paperName}（${paper.exerciseCount} 题，${paper.totalScore} 分）`;

/**
 * The paper select, bound to the form's sourcePaperId. It lists the newest 200 papers; typing
 * asks the server for the papers whose name holds the text, so any paper of a large bank can be
 * found. `chosen` is the chosen paper's detail: shown by its name whatever the list holds.
 */
export function SourcePaperSelect({
  disabled,
  chosen,
}: {
  disabled: boolean;
  chosen: ExercisePaper | undefined;
}) {
  const [search, setSearch] = useState('');
  // what the teacher typed (a paper's label the select puts in the box is not a search)
  const [typed, setTyped] = useState('');
  const [keyword] = useDebouncedValue(typed.trim(), 300);
  const papers = useQuery(sourcePapersQuery(keyword));
  const list = papers.data?.list ?? [];
  const data: { value: string; label: string }[] = [];
  if (chosen) data.push({ value: chosen.paperId, label: paperLabel(chosen) });
  for (const paper of list) {
    if (paper.paperId !== chosen?.paperId) data.push({ value: paper.paperId, label: paperLabel(paper) });
  }
  const empty = papers.isSuccess && keyword === '' && list.length === 0 && !chosen;
  const more = papers.isSuccess && papers.data.total > list.length;
  return (
    <Stack gap={4}>
      <SelectField
        label="复制的试卷"
        description="保存时把试卷的题目、选项、答案、分值和解析复制为本考试的试题；之后修改题库中的试卷不影响本考试。"
        required
        // the control is there from the first paint; it waits for its list disabled
        disabled={disabled || !papers.isSuccess}
        placeholder={
          papers.isPending
            ? '正在加载试卷…'
            : empty
              ? '还没有试卷'
              : papers.isError
                ? '试卷没有加载'
                : '选择试卷，或输入名称查找'
        }
        data={data}
        searchable
        searchValue={search}
        onSearchChange={(value) => {
          setSearch(value);
          if (!data.some((item) => item.label === value)) setTyped(value);
        }}
        nothingFoundMessage={papers.isFetching ? '正在查找…' : '没有名称匹配的试卷'}
        comboboxProps={{ withinPortal: true }}
      />
      {papers.isError ? (
        <Text size="xs" c="red" role="alert">
          试卷列表没有加载：{errorMessage(papers.error)}
        </Text>
      ) : empty ? (
        <Text size="xs" c="dimmed">
          题库中还没有试卷：先在“题库与试卷”中组卷，或选择“手动出题”。
        </Text>
      ) : more ? (
        <Text size="xs" c="dimmed" aria-live="polite">
          {keyword ? `名称含“${keyword}”的` : ''}试卷共 {papers.data.total} 份，列出最近修改的 {list.length}{' '}
          份；输入名称可查找其余的试卷。
        </Text>
      ) : null}
    </Stack>
  );
}

function answerText(exercise: ExercisePaperExercise): string {
  if (exercise.type === 3) return exercise.answer === 'T' ? '正确' : '错误';
  if (exercise.type === 4) return exercise.answer.split('|').join('；');
  return exercise.answer;
}

function PreviewQuestion({ exercise, index }: { exercise: ExercisePaperExercise; index: number }) {
  const reference = exercise.type >= 5;
  return (
    <Paper component="li" withBorder radius="md" p="md" aria-label={`第 ${index + 1} 题`}>
      <Stack gap={6}>
        <Text size="sm" c="dimmed">
          第 {index + 1} 题 · {EXAM_QUESTION_TYPE_LABELS[exercise.type as ExamQuestionType]} ·{' '}
          {exercise.paperScore} 分
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{htmlToText(exercise.content)}</Text>
        {exercise.options.length > 0 ? (
          <List size="sm" listStyleType="none" spacing={2}>
            {exercise.options.map((option) => (
              <List.Item key={option.key}>
                {option.key}. {htmlToText(option.content)}
              </List.Item>
            ))}
          </List>
        ) : null}
        {reference ? (
          <div>
            <Text size="sm" fw={500}>
              {exercise.type === 6 ? '参考代码' : '参考答案'}
            </Text>
            {exercise.type === 6 ? (
              <Code block>{exercise.answer}</Code>
            ) : (
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {exercise.answer}
              </Text>
            )}
          </div>
        ) : (
          <Text size="sm">答案：{answerText(exercise)}</Text>
        )}
        {exercise.analysis ? (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
            解析：{htmlToText(exercise.analysis)}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** The chosen paper's totals and questions as they will be copied, with a link to its page. */
export function SourcePaperPreview({ paperId }: { paperId: string }) {
  const paper = useQuery(sourcePaperQuery(paperId));
  if (paper.isPending)
    return (
      <Stack gap="sm" aria-busy="true" aria-label="正在加载试卷">
        <Skeleton height={20} width="40%" radius="sm" />
        <Skeleton height={96} radius="md" />
        <Skeleton height={96} radius="md" />
      </Stack>
    );
  if (paper.isError)
    return (
      <Alert
        color="red"
        variant="light"
        role="alert"
        icon={<IconAlertTriangle size={18} aria-hidden />}
        title="不能复制这份试卷"
      >
        {errorMessage(paper.error)}
      </Alert>
    );
  const { data } = paper;
  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={3} fz="h5">
          {data.paperName}
        </Title>
        <Group gap="md">
          <Text size="sm" c="dimmed" aria-live="polite">
            共 {data.exerciseCount} 题，总分 {data.totalScore}
          </Text>
          {/* a new window: the form's unsaved settings stay where they are */}
          <Anchor
            size="sm"
            target="_blank"
            renderRoot={(props) => (
              <Link
                {...props}
                to="/teaching-manage/teacher/exam/detail/$tagId/$id"
                params={{ tagId: '0', id: data.paperId }}
              />
            )}
          >
            <Group gap={4} component="span">
              在新窗口查看试卷
              <IconExternalLink size={14} aria-hidden />
            </Group>
          </Anchor>
        </Group>
      </Group>
      {data.exercises.length === 0 ? (
        <Text size="sm" c="dimmed">
          这份试卷还没有题目。
        </Text>
      ) : (
        <Stack
          component="ol"
          gap="sm"
          aria-label="试卷题目"
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {data.exercises.map((exercise, index) => (
            <PreviewQuestion key={exercise.exerciseId} exercise={exercise} index={index} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
