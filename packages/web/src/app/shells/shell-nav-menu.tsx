import '@mantine/core/styles/ModalBase.layer.css';
import '@mantine/core/styles/Drawer.layer.css';
import { ActionIcon, Divider, Drawer, Stack } from '@mantine/core';
import { IconMenu2 } from '@tabler/icons-react';
import { useLocation } from '@tanstack/react-router';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { RoleSwitch } from './role-switch';
import classes from './shell.module.css';
import { UserPanel } from './user-panel';
import { Hint } from '@/components/hint/hint';

/**
 * The small-screen menu of every shell (its own chunk: desktops never load it): a burger
 * button that opens a drawer with the shell's navigation, given as `children` (the same
 * components the wide layout shows), then the role switch and the signed-in user with 退出登录.
 * Following a link closes it.
 */
export default function ShellNavMenu({ children }: { children: ReactNode }) {
  const href = useLocation({ select: (location) => location.href });
  // Open for the address it was opened at: any navigation closes it without an effect.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  const opened = openedAt === href;
  const close = () => setOpenedAt(null);
  // A link to the page already shown changes no address; the click closes the menu as well.
  const closeOnLink = (event: MouseEvent) => {
    if ((event.target as Element).closest('a[href]')) close();
  };

  return (
    <>
      <Hint label="打开导航菜单">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label="打开导航菜单"
          aria-expanded={opened}
          onClick={() => setOpenedAt(href)}
        >
          <IconMenu2 size={22} aria-hidden />
        </ActionIcon>
      </Hint>
      <Drawer
        opened={opened}
        onClose={close}
        size={300}
        padding="md"
        title={<BrandMark subtitle="导航菜单" />}
        closeButtonProps={{ 'aria-label': '关闭导航菜单' }}
      >
        <Stack gap="md" onClick={closeOnLink}>
          <div className={classes.drawerNav}>{children}</div>
          <Divider />
          <RoleSwitch />
          <UserPanel full />
        </Stack>
      </Drawer>
    </>
  );
}
