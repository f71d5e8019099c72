import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { whenModalsReady } from '@/shared/overlays';

const MODAL_ID = 'session-ended';

/**
 * The 登录提示 alert (errCode 3: the session was displaced or expired). It can
 * only be confirmed: the page is about to log out and reload anyway.
 */
export async function showSessionEndedAlert(message: string, onConfirm: () => void): Promise<void> {
  await whenModalsReady();
  modals.open({
    modalId: MODAL_ID,
    title: '登录提示',
    centered: true,
    withCloseButton: false,
    closeOnClickOutside: false,
    closeOnEscape: false,
    children: (
      <>
        <Text>{message || '登录状态已失效，请重新登录'}</Text>
        <Group justify="flex-end" mt="lg">
          <Button
            data-autofocus
            onClick={() => {
              modals.close(MODAL_ID);
              onConfirm();
            }}
          >
            确定
          </Button>
        </Group>
      </>
    ),
  });
}
