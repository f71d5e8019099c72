import { ApiError, ErrCode } from '@dfrm/sdk';
import { Anchor, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/feedback/load-error';

/** The back link above a quiz page's heading. */
export function BackAnchor({
  children,
  renderRoot,
}: {
  children: ReactNode;
  renderRoot: (props: Record<string, unknown>) => ReactNode;
}) {
  return (
    <Anchor size="sm" c="dimmed" renderRoot={renderRoot}>
      <Group gap={4} component="span">
        <IconArrowLeft size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}

/**
 * A quiz or paper that could not be read: one the teacher may not see, or that does not exist, is
 * said plainly (a retry cannot help); other failures offer 重试.
 */
export function QuizLoadFailure({
  what,
  error,
  onRetry,
  back,
}: {
  /** 测验 or 答卷. */
  what: string;
  error: unknown;
  onRetry: () => void;
  back: ReactNode;
}) {
  const missing =
    error === null ||
    (error instanceof ApiError &&
      (error.errCode === ErrCode.notFound || error.errCode === ErrCode.forbidden));
  return (
    <Container size="md" py="md">
      <Stack gap="md">
        {back}
        {missing ? (
          <Paper withBorder radius="lg" p="lg" component="section" aria-labelledby="quiz-missing-title">
            <Title order={1} fz="h3" id="quiz-missing-title">
              {what}不存在或您无权查看
            </Title>
            <Text size="sm" c="dimmed" mt={4}>
              {error instanceof ApiError ? error.errMsg : `地址中没有有效的${what}编号。`}
            </Text>
          </Paper>
        ) : (
          <LoadError title={`${what}加载失败`} error={error} onRetry={onRetry} />
        )}
      </Stack>
    </Container>
  );
}
