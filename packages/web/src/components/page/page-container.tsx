import { Box, Container } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A page's outer box. On its own route the page is a centred container; `embedded` (a tab of the
 * class page) it fills the frame's column instead. A Container there would keep its auto margins,
 * and in the frame's flex column auto margins stop the stretch: the page would take its content's
 * width, so one row that scrolls sideways (the status filters) made the whole page wider than a
 * phone.
 */
export function PageContainer({ embedded = false, children }: { embedded?: boolean; children: ReactNode }) {
  return embedded ? (
    <Box>{children}</Box>
  ) : (
    <Container size="xl" py="md">
      {children}
    </Container>
  );
}
