import { Anchor, Drawer, Stack } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useAppEnvironment } from './app-environment';

/** The assistant configured for this deployment (config.json aiAssistantUrl), in a side panel; the button opening it shows only when one is configured. */
export default function AiAssistantDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { config } = useAppEnvironment();
  const url = config.aiAssistantUrl;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xl"
      title="AI 助手"
      closeButtonProps={{ 'aria-label': '关闭 AI 助手' }}
      // Let the iframe take the height left under the header.
      styles={{ content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, minHeight: 0 } }}
    >
      <Stack h="100%" gap="xs">
        <Anchor href={url} target="_blank" rel="noopener noreferrer" size="sm">
          <IconExternalLink size={14} aria-hidden /> 在新标签页中打开
        </Anchor>
        <iframe
          title="AI 助手"
          src={url}
          style={{ flex: 1, width: '100%', border: 0, borderRadius: 8 }}
          allow="clipboard-write"
        />
      </Stack>
    </Drawer>
  );
}
