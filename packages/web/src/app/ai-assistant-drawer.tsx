import { Anchor, Drawer, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink, IconSparkles } from '@tabler/icons-react';
import { useAppEnvironment } from './app-environment';

/** The assistant configured for this deployment (config.json aiAssistantUrl), in a side panel. */
export default function AiAssistantDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { config } = useAppEnvironment();
  const url = config.aiAssistantUrl;
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={url ? 'xl' : 'md'}
      title="AI 助手"
      closeButtonProps={{ 'aria-label': '关闭 AI 助手' }}
      // Let the iframe take the height left under the header.
      styles={{ content: { display: 'flex', flexDirection: 'column' }, body: { flex: 1, minHeight: 0 } }}
    >
      {url ? (
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
      ) : (
        <Stack align="center" gap="sm" py="xl" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconSparkles size={28} aria-hidden />
          </ThemeIcon>
          <Text fw={600}>当前部署未配置 AI 助手</Text>
          <Text c="dimmed" size="sm">
            管理员在 config.json 中设置 aiAssistantUrl 后，这里会打开平台的 AI 助手。
          </Text>
        </Stack>
      )}
    </Drawer>
  );
}
