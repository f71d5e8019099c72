import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconHome } from '@tabler/icons-react';
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';

/**
 * 页面不存在, inside the shell of the area the address points into (the catch-all routes of
 * each shell mount it), with the way back: the previous page, or the home page.
 */
export function NotFound() {
  const router = useRouter();
  // An address opened directly has no page of ours to go back to: home instead.
  const canGoBack = useCanGoBack();
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm" ta="center" maw={480}>
        <Title order={1} fz="h2">
          页面不存在
        </Title>
        <Text c="dimmed">你访问的地址没有对应的页面，可能已被移动或尚未开放。</Text>
        <Group justify="center" gap="sm" mt="md">
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            onClick={() => (canGoBack ? router.history.back() : void router.navigate({ to: '/course' }))}
          >
            返回上一页
          </Button>
          <Button component={Link} to="/course" leftSection={<IconHome size={16} aria-hidden />}>
            回到首页
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
