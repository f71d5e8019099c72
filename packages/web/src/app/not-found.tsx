import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <Center mih="60vh">
      <Stack align="center" gap="sm">
        <Title order={2}>页面不存在</Title>
        <Text c="dimmed">你访问的地址没有对应的页面，可能已被移动或尚未开放。</Text>
        <Button component={Link} to="/course" mt="md">
          返回课程首页
        </Button>
      </Stack>
    </Center>
  );
}
