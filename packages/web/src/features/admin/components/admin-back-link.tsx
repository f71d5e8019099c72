import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';

/** Back to the admin home from one of its lists. */
export function AdminBackLink() {
  return (
    <Anchor size="sm" renderRoot={(props) => <Link {...props} to="/admin" />}>
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        返回管理后台
      </Group>
    </Anchor>
  );
}
