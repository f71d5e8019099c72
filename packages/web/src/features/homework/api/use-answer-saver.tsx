import { Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { openConfirmModal } from '@/shared/overlays';
import { AnswerSaver, type AnswerSaverOptions, type AnswerSaverSnapshot } from './answer-saver';

// How long leaving the page waits for the last save before asking.
const LEAVE_WAIT_MS = 8_000;

function confirmLeave(): Promise<boolean> {
  return new Promise((resolve) =>
    openConfirmModal({
      title: '答案还没有保存',
      centered: true,
      children: (
        <Text size="sm">
          最近的修改还没有保存到服务器（网络或服务器暂时不可用）。离开后这些修改会丢失，确定离开吗？
        </Text>
      ),
      labels: { confirm: '仍然离开', cancel: '留在本页' },
      confirmProps: { color: 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    }),
  );
}

/**
 * An AnswerSaver for as long as the editor is shown. It also saves at once when the tab is
 * hidden or the page left, and holds a navigation until the last save is acknowledged (asking
 * the student when it cannot be); closing the tab with unsaved changes asks the browser's way.
 */
export function useAnswerSaver(options: AnswerSaverOptions): AnswerSaverSnapshot & { saver: AnswerSaver } {
  // the saver is made once; its callbacks follow the newest render's
  const [saver] = useState(() => new AnswerSaver(options));
  const { onAck, onConflict, onRefused } = options;
  useEffect(() => {
    saver.setHandlers({ onAck, onConflict, onRefused });
  }, [saver, onAck, onConflict, onRefused]);

  useEffect(() => {
    saver.revive();
    const onHidden = () => {
      if (document.visibilityState === 'hidden') void saver.flush();
    };
    const onLeave = () => void saver.flush();
    const onOnline = () => saver.retryNow();
    document.addEventListener('visibilitychange', onHidden);
    window.addEventListener('pagehide', onLeave);
    window.addEventListener('online', onOnline);
    return () => {
      document.removeEventListener('visibilitychange', onHidden);
      window.removeEventListener('pagehide', onLeave);
      window.removeEventListener('online', onOnline);
      saver.dispose();
    };
  }, [saver]);

  useBlocker({
    shouldBlockFn: async () => {
      if (!saver.hasUnsaved()) return false;
      await saver.flushWithin(LEAVE_WAIT_MS);
      if (!saver.hasUnsaved()) return false;
      return !(await confirmLeave());
    },
    enableBeforeUnload: () => saver.hasUnsaved(),
  });

  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot, saver.getSnapshot);
  return { ...snapshot, saver };
}
