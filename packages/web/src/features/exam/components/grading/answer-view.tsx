import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Code.layer.css';
import '@mantine/core/styles/List.layer.css';
import type { ExamAnswerResult } from '@dfrm/sdk/tms';
import { Badge, Code, Group, List, Stack, Text } from '@mantine/core';
import { RichTextView } from '@/components/rich-text/rich-text-view';

const JUDGE = { T: '正确', F: '错误' } as Record<string, string>;

/** An answer in words: letters, 正确/错误, one line per blank, or the text as written. */
function AnswerText({
  answer,
  type,
  empty,
}: {
  answer: readonly string[];
  type: ExamAnswerResult['type'];
  empty: string;
}) {
  if (answer.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  if (type === 1 || type === 2) return <Text size="sm">{answer.join('、')}</Text>;
  if (type === 3) return <Text size="sm">{answer.map((value) => JUDGE[value] ?? value).join('、')}</Text>;
  if (type === 4)
    return (
      <List size="sm" type="ordered">
        {answer.map((value, index) => (
          <List.Item key={index}>{value || '（未填）'}</List.Item>
        ))}
      </List>
    );
  if (type === 6)
    return (
      <Code block fz="sm">
        {answer[0]}
      </Code>
    );
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {answer[0]}
    </Text>
  );
}

/** A question of a paper as the teacher reads it: stem, options, the student's answer and the key. */
export function AnswerView({ item }: { item: ExamAnswerResult }) {
  const chosen = new Set(item.answer);
  const right = new Set(item.correctAnswers);
  return (
    <Stack gap="sm">
      <RichTextView html={item.stem} label={`第 ${item.orderNo} 题题干`} />
      {item.options.length > 0 ? (
        <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-label="选项">
          {item.options.map((option) => (
            <Group key={option.key} gap="xs" component="li" wrap="nowrap">
              <Text size="sm" fw={600} w={20}>
                {option.key}
              </Text>
              <Text size="sm" style={{ flex: 1 }}>
                {option.content.replace(/<[^>]*>/g, '')}
              </Text>
              {right.has(option.key) ? (
                <Badge size="xs" variant="light" color="teal">
                  正确答案
                </Badge>
              ) : null}
              {chosen.has(option.key) ? (
                <Badge size="xs" variant="outline" color={right.has(option.key) ? 'teal' : 'red'}>
                  考生所选
                </Badge>
              ) : null}
            </Group>
          ))}
        </Stack>
      ) : null}
      <div>
        <Text size="xs" c="dimmed" fw={500}>
          考生答案
        </Text>
        <AnswerText answer={item.answer} type={item.type} empty="未作答" />
      </div>
      <div>
        <Text size="xs" c="dimmed" fw={500}>
          {item.type >= 5 ? '参考答案' : '正确答案'}
        </Text>
        <AnswerText answer={item.correctAnswers} type={item.type} empty="—" />
      </div>
      {item.analysis ? (
        <div>
          <Text size="xs" c="dimmed" fw={500}>
            解析
          </Text>
          <RichTextView html={item.analysis} label={`第 ${item.orderNo} 题解析`} />
        </div>
      ) : null}
    </Stack>
  );
}
