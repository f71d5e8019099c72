import { Group, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BrandMark } from '@/components/brand-mark';
import { AiAssistantButton } from '@/app/ai-assistant-button';
import { RoleSwitch } from './role-switch';
import classes from './shell.module.css';
import { UserPanel } from './user-panel';

/**
 * The header both shells share: brand (home link), the shell's own middle part,
 * then role switch, AI assistant and the signed-in user.
 */
export function ShellHeader({ subtitle, children }: { subtitle?: string; children?: ReactNode }) {
  return (
    <header className={classes.header}>
      <Group h="100%" px="lg" justify="space-between" wrap="nowrap" gap="lg">
        <Group gap="xl" wrap="nowrap">
          {/* named by what it shows plus where it goes: an accessible name must contain the visible text */}
          <UnstyledButton component={Link} to="/course">
            <BrandMark {...(subtitle ? { subtitle } : {})} />
            <VisuallyHidden>（首页）</VisuallyHidden>
          </UnstyledButton>
          {children}
        </Group>
        <Group gap="md" wrap="nowrap">
          <RoleSwitch />
          <AiAssistantButton />
          <UserPanel />
        </Group>
      </Group>
    </header>
  );
}
