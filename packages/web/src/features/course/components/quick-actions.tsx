import { Group, Paper, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import classes from './home.module.css';

export interface QuickAction {
  label: string;
  description: string;
  icon: ReactNode;
  to: string;
}

/** 快捷操作: the things a role starts its day with, each one link. */
export function QuickActions({ actions }: { actions: readonly QuickAction[] }) {
  return (
    <nav aria-label="快捷操作" className={classes.actions}>
      {actions.map((action) => (
        <Paper key={action.label} withBorder radius="lg" p="md" className={classes.card}>
          {/* the link's ::after covers the card: the whole card is one click target */}
          <UnstyledButton
            display="block"
            className={classes.link}
            renderRoot={(props) => <Link {...props} to={action.to as '/'} />}
          >
            <Group gap="sm" wrap="nowrap">
              <ThemeIcon size={36} radius="md" variant="light">
                {action.icon}
              </ThemeIcon>
              <div style={{ minWidth: 0 }}>
                <Text fw={650} size="sm">
                  {action.label}
                </Text>
                <Text size="xs" c="dimmed">
                  {action.description}
                </Text>
              </div>
            </Group>
          </UnstyledButton>
        </Paper>
      ))}
    </nav>
  );
}
