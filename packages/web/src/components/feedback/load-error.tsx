import { Alert, Button, type MantineSpacing, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { errorMessage } from '@/shared/error-notifications';

/**
 * What a page or panel shows when its data did not load: a red alert naming
 * what failed, the server's reason, and 重试 when it can be tried again.
 */
export function LoadError({
  title,
  error,
  onRetry,
  mb,
}: {
  /** What failed, e.g. 课件加载失败. */
  title: string;
  /** The caught error (its server message is shown), or a message already worded. */
  error: unknown;
  onRetry?: (() => void) | undefined;
  mb?: MantineSpacing;
}) {
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} title={title} mb={mb}>
      <Text size="sm">{typeof error === 'string' ? error : errorMessage(error)}</Text>
      {onRetry ? (
        <Button size="xs" variant="light" color="red" mt="sm" onClick={onRetry}>
          重试
        </Button>
      ) : null}
    </Alert>
  );
}
