import '@mantine/core/styles/Skeleton.layer.css';
import { Anchor, EmptyState, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LoadError } from '@/components/feedback/load-error';

/** A titled block of the home page; `more` links to the page that lists everything. */
export function HomeSection({
  title,
  more,
  children,
  span,
}: {
  title: string;
  more?: { label: string; to: string; search?: Record<string, string> } | undefined;
  children: ReactNode;
  /** Take the whole row of the home grid. */
  span?: boolean;
}) {
  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-label={title}
      style={span ? { gridColumn: '1 / -1' } : undefined}
    >
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {more ? (
          <Anchor
            size="sm"
            renderRoot={(props) => (
              <Link {...props} to={more.to as '/'} search={(more.search ?? {}) as never} />
            )}
          >
            {more.label}
          </Anchor>
        ) : null}
      </Group>
      {children}
    </Paper>
  );
}

/** A section's data: a skeleton while it loads, the error with 重试, else the content. */
export function QueryContent<T>({
  query,
  failed,
  children,
}: {
  query: UseQueryResult<T>;
  /** What failed, e.g. 课表加载失败. */
  failed: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isError) {
    return <LoadError title={failed} error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (query.isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label="正在加载">
        <Skeleton height={18} width="60%" />
        <Skeleton height={14} width="40%" />
        <Skeleton height={18} width="55%" mt="xs" />
      </Stack>
    );
  }
  return children(query.data);
}

/** An empty section: what is missing and, where there is one, the first thing to do about it. */
export function HomeEmpty({
  icon,
  title,
  description,
  action,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <EmptyState icon={icon} variant="light" title={title} description={description} py="md">
      {action ? <EmptyState.Actions>{action}</EmptyState.Actions> : null}
    </EmptyState>
  );
}
