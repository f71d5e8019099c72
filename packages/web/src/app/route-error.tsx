import { Alert, Button, Center, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { errorMessage } from '@/shared/error-notifications';

/** A route whose loader failed: say what the server said and offer to try again. */
export function RouteError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <Center py="xl">
      <Stack maw={480} w="100%">
        <Alert color="red" title="页面加载失败" icon={<IconAlertTriangle aria-hidden />}>
          {errorMessage(error)}
        </Alert>
        <Button
          variant="light"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          重新加载
        </Button>
      </Stack>
    </Center>
  );
}
