import { Container } from '@mantine/core';
import type { CSSProperties } from 'react';
import classes from './table-page-skeleton.module.css';

/**
 * A table page's shape while its data is on the way: title, toolbar, rows. One element draws it
 * all (table-page-skeleton.module.css): a skeleton is torn down when the page arrives, and on a
 * slow phone removing a dozen boxes (three layout objects each with Mantine's Skeleton) was a
 * large part of the task that draws the page.
 */
export function TablePageSkeleton({ rows = 8 }: { rows?: number }) {
  return (
    <div
      className={classes.root}
      style={{ '--skeleton-rows': rows } as CSSProperties}
      aria-busy="true"
      aria-label="正在加载"
    />
  );
}

/** A whole list page while its data is on the way: the table's shape in the page's container. */
export function TableScreenSkeleton() {
  return (
    <Container size="xl" py="md">
      <TablePageSkeleton rows={6} />
    </Container>
  );
}
