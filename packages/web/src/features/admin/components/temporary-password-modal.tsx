import '@mantine/core/styles/Code.layer.css';
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { AdminPasswordReset } from '@dfrm/sdk/user';
import { IconCheck, IconCopy, IconInfoCircle } from '@tabler/icons-react';
import { Hint } from '@/components/hint/hint';

/** The temporary password, shown once: the server keeps only its hash. */
export function TemporaryPasswordModal({
  reset,
  realName,
  onClose,
}: {
  reset: AdminPasswordReset | null;
  realName: string;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={reset !== null}
      onClose={onClose}
      title="密码已重置"
      centered
      closeOnClickOutside={false}
      closeButtonProps={{ 'aria-label': '关闭' }}
    >
      {reset ? (
        <Stack gap="md">
          <Text size="sm">
            账号 <strong>{reset.userName}</strong>
            {realName ? `（${realName}）` : ''} 的临时密码：
          </Text>
          <Group gap="sm" wrap="nowrap">
            <Code fz="lg" px="md" py={6} aria-label="临时密码" data-testid="temporary-password">
              {reset.temporaryPassword}
            </Code>
            <CopyButton value={reset.temporaryPassword}>
              {({ copied, copy }) => (
                <Hint label={copied ? '已复制' : '复制临时密码'}>
                  <ActionIcon
                    variant="light"
                    color={copied ? 'teal' : undefined}
                    aria-label={copied ? '已复制' : '复制临时密码'}
                    onClick={copy}
                  >
                    {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
                  </ActionIcon>
                </Hint>
              )}
            </CopyButton>
          </Group>
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            <Text size="sm">
              临时密码只显示这一次，关闭后无法再查看。请转告用户：用它登录后须先设置自己的新密码；该账号原有的登录已全部退出。
            </Text>
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose}>我已记下</Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}
