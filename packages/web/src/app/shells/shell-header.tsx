import { Group, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { lazy, type ReactNode, Suspense } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { AiAssistantButton } from '@/app/ai-assistant-button';
import { useSmallScreen } from '@/lib/small-screen';
import { RoleSwitch } from './role-switch';
import classes from './shell.module.css';
import { UserPanel } from './user-panel';

// Phones only: the burger button, the drawer and their styles load when the screen is small.
const ShellNavMenu = lazy(() => import('./shell-nav-menu'));

/**
 * The header both shells share: brand (home link), the shell's own middle part,
 * then role switch, AI assistant and the signed-in user. On a small screen the
 * shell's navigation (`menu`), the role switch and the user move into a drawer
 * opened by a burger button.
 */
export function ShellHeader({
  subtitle,
  menu,
  children,
}: {
  subtitle?: string;
  /** The shell's navigation, as the drawer shows it on small screens. */
  menu: ReactNode;
  children?: ReactNode;
}) {
  const small = useSmallScreen();
  return (
    <header className={classes.header}>
      <Group h="100%" px={small ? 'sm' : 'lg'} justify="space-between" wrap="nowrap" gap="sm">
        <Group gap={small ? 'xs' : 'xl'} wrap="nowrap">
          {small ? (
            <Suspense fallback={<span className={classes.menuPlaceholder} />}>
              <ShellNavMenu>{menu}</ShellNavMenu>
            </Suspense>
          ) : null}
          {/* named by what it shows plus where it goes: an accessible name must contain the visible text */}
          <UnstyledButton component={Link} to="/course">
            <BrandMark {...(subtitle ? { subtitle } : {})} />
            <VisuallyHidden>（首页）</VisuallyHidden>
          </UnstyledButton>
          {children}
        </Group>
        <Group gap="md" wrap="nowrap">
          {small ? null : <RoleSwitch />}
          <AiAssistantButton />
          {small ? null : <UserPanel />}
        </Group>
      </Group>
    </header>
  );
}
